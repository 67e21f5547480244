import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import { discountPercent, type ShopPackage } from '@wiggle/common/schemas/shop';
import { formatPrice } from '../../../lib/format';

/** The packages as selectable rows: frames, resolution, price, and the full price struck through with the discount. */
export function PackagePicker(props: {
  packages: ShopPackage[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <Box role="radiogroup" aria-label="Packages" sx={{ display: 'grid', gap: 1 }}>
      {props.packages.map((pkg) => {
        const selected = pkg.id === props.selectedId;
        const discount = discountPercent(pkg.currentPrice, pkg.fullPrice);
        return (
          <Box
            key={pkg.id}
            component="label"
            data-testid={`package-${pkg.id}`}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              p: 1.5,
              pl: 0.5,
              border: 1,
              borderRadius: 1,
              cursor: 'pointer',
              borderColor: selected ? 'primary.main' : 'divider',
              bgcolor: selected ? 'action.selected' : 'background.paper',
            }}
          >
            <Radio
              checked={selected}
              onChange={() => props.onSelect(pkg.id)}
              slotProps={{ input: { 'aria-label': pkg.name } }}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{pkg.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {pkg.credits} frames · up to {pkg.maxResolution} px
              </Typography>
              {pkg.description && (
                <Typography variant="caption" color="text.secondary">
                  {pkg.description}
                </Typography>
              )}
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{formatPrice(pkg.currentPrice)}</Typography>
              {discount > 0 && (
                <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', justifyContent: 'flex-end' }}>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ textDecoration: 'line-through' }}
                    aria-label={`Full price ${formatPrice(pkg.fullPrice)}`}
                  >
                    {formatPrice(pkg.fullPrice)}
                  </Typography>
                  <Chip size="small" color="secondary" label={`−${discount}%`} />
                </Box>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
