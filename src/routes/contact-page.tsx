import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/layout/page-header";
import { ContactForm } from "@/features/content/components/contact-form";
import { ContactInfo } from "@/features/content/components/contact-info";

export function ContactPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader
        title={t`Contact Us`}
        description={t`Questions about a bicycle, an order or a service? Write to us or call the workshop.`}
      />
      <Container sx={{ pb: 6 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <ContactInfo />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Typography variant="h2" sx={{ mb: 2 }}>
              {t`Get In Touch`}
            </Typography>
            <ContactForm />
          </Grid>
        </Grid>
      </Container>
    </>
  );
}
