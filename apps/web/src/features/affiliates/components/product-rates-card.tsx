import type { AffiliateProgram } from '@shopfront/core';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { CARD_BODY, Card } from './card.tsx';
import { DataTable } from '#src/components/ui/data-table.tsx';
import { ProductRateForm } from './product-rate-form.tsx';

type ProductRate = AffiliateProgram['products'][number];

interface RatesMeta {
  storeId: string;
  defaultPercent: number;
}

const column = createColumnHelper<ProductRate>();
const meta = (ctx: { table: { options: { meta?: unknown } } }) => ctx.table.options.meta as RatesMeta;

const columns = [
  column.accessor('title', { header: 'Product' }),
  column.display({
    id: 'override',
    header: 'Own commission (%)',
    cell: (ctx) => <ProductRateForm storeId={meta(ctx).storeId} product={ctx.row.original} defaultPercent={meta(ctx).defaultPercent} />,
  }),
  column.accessor('commissionPercent', {
    header: 'Affiliates earn',
    cell: (ctx) => (ctx.getValue() === null ? `${meta(ctx).defaultPercent}% (default)` : `${ctx.getValue()}%`),
    meta: { numeric: true },
  }),
];

/** Each product's own commission: empty means the program's default. */
export function ProductRatesCard({ storeId, program }: { storeId: string; program: AffiliateProgram }) {
  const table = useReactTable({
    data: program.products,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.productId,
    meta: { storeId, defaultPercent: program.commissionPercent } satisfies RatesMeta,
  });
  return (
    <Card title="Commission per product" description={`Leave a product empty to pay the default ${program.commissionPercent}%. Each row saves on its own.`}>
      {program.products.length === 0 ? (
        <p className={`text-sm text-slate-600 ${CARD_BODY}`}>No products yet. The products you sell appear here, earning the default commission.</p>
      ) : (
        <DataTable table={table} caption="Commission per product" />
      )}
    </Card>
  );
}
