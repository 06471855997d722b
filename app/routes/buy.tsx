/** Placeholder while this page is being built (replaced in the same change). */
export default function Placeholder() {
  return null;
}
