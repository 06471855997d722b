/** Value lists of the business profile, with the labels shown to creators. */
export const BUSINESS_TYPES = [
  { value: "online_store", label: "Online Store", description: "Sell online through your own store" },
  { value: "retail_store", label: "Retail Store", description: "Personal retail sales, brick-and-mortar" },
  { value: "events", label: "Events", description: "Personal sales at events: markets, fairs, pop-ups" },
  { value: "existing_website", label: "Existing Website", description: "Existing website or blog: add a Buy button" },
  { value: "social_media", label: "Social Media", description: "Sell through social networks" },
] as const;

export const COMPANY_SIZES = [
  { value: "solo", label: "Just me" },
  { value: "small_2_10", label: "2-10 people" },
  { value: "medium_11_50", label: "11-50 people" },
  { value: "large_51_200", label: "51-200 people" },
  { value: "enterprise_200_plus", label: "200+ people" },
] as const;

export const DELIVERY_METHODS = [
  { value: "pickup", label: "Pickup" },
  { value: "local_delivery", label: "Local delivery" },
  { value: "shipping", label: "Shipping" },
  { value: "digital", label: "Digital delivery" },
] as const;

export const PAYMENT_METHODS = [
  { value: "cash", label: "Cash" },
  { value: "card", label: "Card" },
  { value: "paypal", label: "PayPal" },
  { value: "stripe", label: "Stripe" },
  { value: "bank_transfer", label: "Bank transfer" },
  { value: "crypto", label: "Crypto" },
] as const;

type Values<T extends readonly { value: string }[]> = T[number]["value"];
export type BusinessType = Values<typeof BUSINESS_TYPES>;
export type CompanySize = Values<typeof COMPANY_SIZES>;
export type DeliveryMethod = Values<typeof DELIVERY_METHODS>;
export type PaymentMethod = Values<typeof PAYMENT_METHODS>;

export const valuesOf = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as [Values<T>, ...Values<T>[]];
