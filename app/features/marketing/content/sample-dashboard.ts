/** Static sample data of the creator dashboard preview (SPEC §2: all data here is sample data). */
export type SampleProduct = { id: number; name: string; sales: number; revenue: string; type: "PDF" | "Notion" };

export const SAMPLE_PRODUCTS: SampleProduct[] = [
  { id: 1, name: "The Creator's Pricing Playbook", sales: 142, revenue: "€2,840.00", type: "PDF" },
  { id: 2, name: "Content Calendar Template", sales: 89, revenue: "€1,335.00", type: "Notion" },
  { id: 3, name: "Freelance Finance Tracker", sales: 57, revenue: "€855.00", type: "Notion" },
];

export const SAMPLE_SALES = {
  totalRevenue: "€5,030.00",
  totalSales: 288,
  conversionRate: "3.2%",
  transactions: [
    { id: "t1", product: "The Creator's Pricing Playbook", buyer: "j.doe@example.com", amount: "+€20.00", when: "2 hours ago" },
    { id: "t2", product: "Content Calendar Template", buyer: "m.lee@example.com", amount: "+€15.00", when: "5 hours ago" },
    { id: "t3", product: "Freelance Finance Tracker", buyer: "a.kowalski@example.com", amount: "+€15.00", when: "Yesterday" },
  ],
} as const;

export const SAMPLE_CUSTOMERS_EMPTY_TEXT = "Customer data will appear here as you make sales";
