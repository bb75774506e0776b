/**
 * The countries the shop delivers to and their states: reference data the server reads at run time (cart
 * and order addresses) and seeds into the `states` table, not sample content.
 */
export const STATES: Array<[string, string, string]> = [
  ["IN", "AN", "Andaman and Nicobar Islands"],
  ["IN", "AP", "Andhra Pradesh"],
  ["IN", "AR", "Arunachal Pradesh"],
  ["IN", "AS", "Assam"],
  ["IN", "BR", "Bihar"],
  ["IN", "CH", "Chandigarh"],
  ["IN", "CT", "Chhattisgarh"],
  ["IN", "DL", "Delhi"],
  ["IN", "GA", "Goa"],
  ["IN", "GJ", "Gujarat"],
  ["IN", "HR", "Haryana"],
  ["IN", "HP", "Himachal Pradesh"],
  ["IN", "JK", "Jammu and Kashmir"],
  ["IN", "JH", "Jharkhand"],
  ["IN", "KA", "Karnataka"],
  ["IN", "KL", "Kerala"],
  ["IN", "LA", "Ladakh"],
  ["IN", "MP", "Madhya Pradesh"],
  ["IN", "MH", "Maharashtra"],
  ["IN", "MN", "Manipur"],
  ["IN", "ML", "Meghalaya"],
  ["IN", "MZ", "Mizoram"],
  ["IN", "NL", "Nagaland"],
  ["IN", "OR", "Odisha"],
  ["IN", "PY", "Puducherry"],
  ["IN", "PB", "Punjab"],
  ["IN", "RJ", "Rajasthan"],
  ["IN", "SK", "Sikkim"],
  ["IN", "TN", "Tamil Nadu"],
  ["IN", "TG", "Telangana"],
  ["IN", "TR", "Tripura"],
  ["IN", "UP", "Uttar Pradesh"],
  ["IN", "UT", "Uttarakhand"],
  ["IN", "WB", "West Bengal"],
];

export const COUNTRY_NAMES: Record<string, string> = {
  IN: "India",
  US: "United States",
  GB: "United Kingdom",
  DE: "Germany",
  FR: "France",
};
