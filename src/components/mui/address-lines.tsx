import Typography from "@mui/material/Typography";

/** The parts of an address that are printed, already in display form (an order's or a saved address). */
export interface AddressText {
  name: string;
  /** "" when none */
  companyName: string;
  /** the street lines */
  lines: readonly string[];
  postcode: string;
  city: string;
  /** "" when none */
  state: string;
  countryName: string;
  phone: string;
}

/** An address as printed lines: name, company, street, postcode with city and state, country, phone. */
export function AddressLines({
  address: a,
  isNameBold = false,
}: {
  address: AddressText;
  isNameBold?: boolean;
}) {
  return (
    <>
      <Typography sx={isNameBold ? { fontWeight: 600 } : undefined}>{a.name}</Typography>
      {a.companyName && <Typography>{a.companyName}</Typography>}
      {a.lines.map((line, i) => (
        <Typography key={i}>{line}</Typography>
      ))}
      <Typography>{[a.postcode, a.city, a.state].filter(Boolean).join(" ")}</Typography>
      <Typography>{a.countryName}</Typography>
      <Typography>{a.phone}</Typography>
    </>
  );
}
