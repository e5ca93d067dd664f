import type { ReactNode } from 'react';
import { priceLabel, type Accessory, type Filter, type SwitchKit } from '@isaac/contract';
import { CheckList } from '../components/PageHero';
import { AccessoryArt } from '../components/AccessoryArt';
import { ProductArt } from '../components/ProductArt';

/** An accessory, filter or Lumos kit card: picture, name, description, features, price and its actions. */
export function ItemCard({
  item,
  details,
  actions,
}: {
  item: Accessory | Filter | SwitchKit;
  details?: ReactNode;
  actions: ReactNode;
}) {
  const headingId = `item-${item.kind}-${item.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {item.kind === 'kit' ? <ProductArt id="lumos-switches" /> : <AccessoryArt id={item.id} />}
      <div className="flex flex-1 flex-col p-5">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {item.name}
        </h3>
        <p className="mt-1 text-xl font-bold text-sky-800">
          <span className="sr-only">Price: </span>
          {priceLabel(item.price)}
        </p>
        <p className="mt-2 text-sm leading-6 text-slate-600">{item.description}</p>
        {details}
        <div className="mt-4">
          <CheckList items={item.features} />
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-3 pt-6">{actions}</div>
      </div>
    </article>
  );
}
