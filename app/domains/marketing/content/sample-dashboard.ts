/** A product of the creator dashboard preview's static sample data. */
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
    {
      id: "t1",
      product: "The Creator's Pricing Playbook",
      buyer: "j.doe@example.com",
      amount: "+€20.00",
      when: "2 hours ago",
    },
    {
      id: "t2",
      product: "Content Calendar Template",
      buyer: "m.lee@example.com",
      amount: "+€15.00",
      when: "5 hours ago",
    },
    {
      id: "t3",
      product: "Freelance Finance Tracker",
      buyer: "a.kowalski@example.com",
      amount: "+€15.00",
      when: "Yesterday",
    },
  ],
} as const;

export const SAMPLE_CUSTOMERS_EMPTY_TEXT = "Customer data will appear here as you make sales";

/** The sample customers behind 'View Demo Data' (the buyers of the sample transactions). */
export const SAMPLE_CUSTOMERS: DashboardCustomer[] = [
  { email: "j.doe@example.com", orders: 3, spent: "€60.00", lastPurchase: "2 hours ago" },
  { email: "m.lee@example.com", orders: 1, spent: "€15.00", lastPurchase: "5 hours ago" },
  { email: "a.kowalski@example.com", orders: 2, spent: "€30.00", lastPurchase: "Yesterday" },
];

// What the tabs show, sample or real; texts are formatted on the server, so hydration reads the same.

/** A product card; `edit`/`view` absent: the buttons are shown disabled (the signed-out preview). */
export type DashboardProduct = {
  id: string;
  name: string;
  type: string;
  sales: number;
  revenue: string;
  edit?: string;
  /** Its public page, or why it has none (a draft is seen by its owner only). */
  view?: { href: string } | { unavailable: string };
};

/** A sale; `refunded`: all of it went back to the buyer (shown as a refund, not as income). */
export type DashboardTransaction = {
  id: string;
  product: string;
  buyer: string;
  amount: string;
  when: string;
  href?: string;
  refunded?: boolean;
};

export type DashboardCustomer = { email: string; orders: number; spent: string; lastPurchase: string; href?: string };

export type DashboardTabsData = {
  products: DashboardProduct[];
  /** A link to the rest of the products when the cards do not show them all. */
  allProducts?: { href: string; label: string };
  addProductHref?: string;
  sales: {
    totalRevenue: string;
    totalSales: string;
    conversionRate: string;
    /** What the conversion rate is made of ("4 orders from 120 unique visitors in the last 30 days"). */
    conversionDetail?: string;
    transactions: DashboardTransaction[];
    /** The page of every transaction; without it, 'View All Transactions' unfolds the sample list. */
    allTransactionsHref?: string;
  };
  /** Null before the first sale: the empty text and 'View Demo Data'. */
  customers: { list: DashboardCustomer[]; total: number; allHref: string } | null;
};
