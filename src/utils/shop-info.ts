/** The shop's own contact details (not translated: a postal address and names). */
export const SHOP_INFO = {
  name: "Velora Bicycles",
  shortName: "Velora",
  address: ["Velora Bicycles", "12 Canal Street", "Bengaluru 560001, India"],
  phone: "+91 80 4123 5678",
  emails: ["sales@velora-bikes.example", "info@velora-bikes.example"],
  social: [
    { name: "Facebook", href: "https://www.facebook.com/" },
    { name: "Instagram", href: "https://www.instagram.com/" },
    { name: "YouTube", href: "https://www.youtube.com/" },
    { name: "X", href: "https://x.com/" },
  ],
} as const;
