// negative_gearing: an investment property bought highly geared (10% deposit, 5 interest-only years), whose
// costs exceed its rent; the same model as investment_property.
import { shortMoney } from '../../prompt/reading';
import { defineTemplate } from '../define';
import { readPropertyPurchase } from '../property-purchase';
import {
  INVESTMENT_SUPERSEDES,
  compileInvestmentProperty,
  investmentParameters,
  validateInvestmentProperty,
} from './investment-property';

export const negativeGearing = defineTemplate({
  template_id: 'negative_gearing',
  name: 'Negatively Geared Property',
  description:
    'A highly geared investment property whose costs exceed its rent: the loss reduces your taxable income, betting on capital growth.',
  icon: '📉',
  supports_baseline: true,
  baseline_name: 'My Negatively Geared Property',
  baseline_description: 'A negatively geared property you already own.',
  group: { name: 'Property', position: 3 },
  parameters: investmentParameters({ price: 750_000, deposit: 75_000, rent: 550, ioYears: 5 }),
  compile: compileInvestmentProperty,
  validate: validateInvestmentProperty,
  smart_create: {
    cues: [{ weight: 10, re: /\bnegative(?:ly)?[\s-]*gear/ }],
    // Saying negative gearing names the kind of investment property.
    supersedes: [{ template: 'investment_property' }, ...INVESTMENT_SUPERSEDES],
    read: (ctx) => readPropertyPurchase(ctx, true),
    title: (p) =>
      p.purchase_price !== undefined
        ? `Negatively geared ${shortMoney(Number(p.purchase_price))} property`
        : 'Negatively geared property',
  },
});
