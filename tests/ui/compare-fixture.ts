// A small backup for the compare tests: a baseline and a job-loss scenario whose cash runs short
// (salary set to 0 by a modify_recurring modification), with zero rates for checking and savings.
export const COMPARE_AS_OF = '2026-11-21';

export const compareBackup = {
  version: 1 as const,
  assumptions: { inflation_rate: 3 },
  categories: [
    { id: 'cat-pay', name: 'Salary', type: 'income' as const },
    { id: 'cat-living', name: 'Living', type: 'expense' as const },
  ],
  accounts: [
    {
      id: 'acc-chk',
      name: 'Everyday',
      account_type: 'checking' as const,
      current_balance: 3000,
      institution: null,
      is_asset: true,
      scenario_event_id: null,
    },
    {
      id: 'acc-home',
      name: 'Home',
      account_type: 'property' as const,
      current_balance: 600000,
      institution: null,
      is_asset: true,
      scenario_event_id: null,
    },
  ],
  recurring_items: [
    {
      id: 'ri-pay',
      name: 'Pay',
      amount: 5000,
      frequency: 'monthly' as const,
      start_date: '2026-01-15',
      end_date: null,
      account_id: 'acc-chk',
      category_id: 'cat-pay',
      is_active: true,
      scenario_event_id: null,
    },
    {
      id: 'ri-rent',
      name: 'Living',
      amount: -4000,
      frequency: 'monthly' as const,
      start_date: '2026-01-01',
      end_date: null,
      account_id: 'acc-chk',
      category_id: 'cat-living',
      is_active: true,
      scenario_event_id: null,
    },
  ],
  scenarios: [
    {
      id: 'sc-base',
      name: 'Today',
      description: 'Where things stand',
      is_baseline: true,
      created_at: '2026-01-01T00:00:00.000Z',
      events: [],
      modifications: [],
    },
    {
      id: 'sc-loss',
      name: 'Job loss',
      description: 'No pay from next year',
      is_baseline: false,
      created_at: '2026-02-01T00:00:00.000Z',
      events: [],
      modifications: [
        {
          id: 'mod-1',
          modification_type: 'modify_recurring' as const,
          target_id: 'ri-pay',
          modification_data: { amount: 0 },
        },
      ],
    },
    {
      id: 'sc-side',
      name: 'Side hustle',
      description: '',
      is_baseline: false,
      created_at: '2026-03-01T00:00:00.000Z',
      events: [],
      modifications: [],
    },
  ],
};
