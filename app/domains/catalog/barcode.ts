/** Whether `code` is a valid EAN-13 (13 digits) or UPC-A (12 digits) barcode, its check digit included. */
export function isValidBarcode(code: string): boolean {
  if (!/^(?:\d{12}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  // From the right of the payload, weights alternate 3, 1, …: the same rule for both lengths.
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
