/** A static testimonial of the landing page. */
export type Testimonial = {
  id: number;
  name: string;
  role: string;
  avatar: string;
  content: string;
  revenue: string;
  rating: number;
};

export const TESTIMONIALS: Testimonial[] = [
  {
    id: 1,
    name: "Sarah Chen",
    role: "Course creator",
    avatar: "SC",
    content: "I moved my photography course here and sold more in the first month than in the whole previous year.",
    revenue: "€12,400 earned",
    rating: 5,
  },
  {
    id: 2,
    name: "Marcus Johnson",
    role: "Indie developer",
    avatar: "MJ",
    content: "Licence keys and downloads are delivered automatically. I just ship code and watch the sales come in.",
    revenue: "€8,900 earned",
    rating: 5,
  },
  {
    id: 3,
    name: "Elena Rodriguez",
    role: "Illustrator",
    avatar: "ER",
    content: "My brush packs and templates sell while I sleep. Setting up the sales page took ten minutes.",
    revenue: "€5,200 earned",
    rating: 5,
  },
  {
    id: 4,
    name: "David Kim",
    role: "Author",
    avatar: "DK",
    content: "Selling my e-book directly means I keep far more of every sale, and readers get it instantly.",
    revenue: "€15,700 earned",
    rating: 5,
  },
  {
    id: 5,
    name: "Aisha Patel",
    role: "Notion template designer",
    avatar: "AP",
    content: "The analytics showed me which templates convert. I doubled my prices and my revenue went up.",
    revenue: "€21,300 earned",
    rating: 5,
  },
  {
    id: 6,
    name: "Tomás Novák",
    role: "Market stall seller",
    avatar: "TN",
    content: "I sell at craft fairs and online from one account. The event sales setup was exactly what I needed.",
    revenue: "€9,800 earned",
    rating: 5,
  },
];
