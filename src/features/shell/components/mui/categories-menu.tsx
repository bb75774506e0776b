import Menu from "@mui/material/Menu";
import { useQuery } from "@tanstack/react-query";
import { categoryQueries } from "@/api/categories";
import { MenuItemLink } from "@/components/mui/menu-links";
import { useLocale } from "@/i18n/i18n";

/** The Bicycles Types dropdown (loaded on first open). */
export function CategoriesMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const locale = useLocale();
  const { data: categories = [] } = useQuery(categoryQueries.bicycleTypes(locale));
  return (
    <Menu
      id="bicycle-types-menu"
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { "aria-labelledby": "bicycle-types-button" } }}
    >
      {categories.map((c) => (
        <MenuItemLink key={c.id} to="/catalog/$slug" params={{ slug: c.slug }} onClick={onClose}>
          {c.name}
        </MenuItemLink>
      ))}
    </Menu>
  );
}
