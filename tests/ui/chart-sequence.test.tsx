// ChartSequence: charts mount one after another (or all at once with drawAtOnce); with drawWhenNear each also waits
// until its placeholder nears the viewport (IntersectionObserver), and without an observer (or without the option)
// nothing waits for it.
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartSequence, type SequencedChart } from '../../src/components/charts/ChartSequence';

/** Charts whose label starts "held": they draw when the test calls their entry here, not when they mount. */
const held = new Map<string, () => void>();

vi.mock('../../src/components/charts/LazyChart', () => ({
  // A chart that has drawn as soon as it mounts (unless held).
  Chart: ({ ariaLabel, onDrawn, drawAtOnce }: { ariaLabel: string; onDrawn?: () => void; drawAtOnce?: boolean }) => {
    useEffect(() => {
      if (ariaLabel.startsWith('held')) held.set(ariaLabel, () => onDrawn?.());
      else onDrawn?.();
    }, [onDrawn, ariaLabel]);
    return <div role="img" aria-label={ariaLabel} data-at-once={String(!!drawAtOnce)} />;
  },
}));

const charts: SequencedChart[] = ['One', 'Two', 'Three'].map((title) => ({
  key: title,
  title,
  head: <h2>{title}</h2>,
  option: {},
  ariaLabel: title,
}));

/** A stand-in IntersectionObserver the test drives: `reach(el)` reports that element as near the viewport. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  static reach(el: Element) {
    for (const o of FakeObserver.all) {
      if (!o.observed.has(el)) continue;
      o.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], o as never);
    }
  }
}

const drawnCharts = () => screen.queryAllByRole('img').map((el) => el.getAttribute('aria-label'));
const placeholders = (container: HTMLElement) => [...container.querySelectorAll('.chart-placeholder')];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.all = [];
});

describe('<ChartSequence>', () => {
  it('draws every chart in turn when not asked to wait for the viewport', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<ChartSequence charts={charts} height={400} className="c" sectionClassName="s" testId="charts" />);
    expect(drawnCharts()).toEqual(['One', 'Two', 'Three']);
    expect(screen.getByTestId('charts')).toHaveAttribute('data-charts-drawn', 'true');
  });

  it('with drawWhenNear, draws each chart only once its place nears the viewport, in order', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(
      <ChartSequence charts={charts} height={400} className="c" sectionClassName="s" testId="charts" drawWhenNear />,
    );
    expect(drawnCharts()).toEqual([]);
    expect(placeholders(container)).toHaveLength(3);
    // The third comes into view first: it still waits for the first two.
    act(() => FakeObserver.reach(placeholders(container)[2]));
    expect(drawnCharts()).toEqual([]);
    act(() => FakeObserver.reach(placeholders(container)[0]));
    expect(drawnCharts()).toEqual(['One']);
    // The second's place (now the first placeholder left) nears the viewport: the third, near already, follows.
    act(() => FakeObserver.reach(placeholders(container)[0]));
    expect(drawnCharts()).toEqual(['One', 'Two', 'Three']);
    expect(screen.getByTestId('charts')).toHaveAttribute('data-charts-drawn', 'true');
  });

  it('asks each chart to draw in the task after it is created only with drawAtOnce', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const atOnce = () => screen.queryAllByRole('img').map((el) => el.getAttribute('data-at-once'));
    const { unmount } = render(
      <ChartSequence charts={charts} height={400} className="c" sectionClassName="s" testId="charts" />,
    );
    expect(atOnce()).toEqual(['false', 'false', 'false']);
    unmount();
    render(
      <ChartSequence charts={charts} height={400} className="c" sectionClassName="s" testId="charts" drawAtOnce />,
    );
    expect(atOnce()).toEqual(['true', 'true', 'true']);
  });

  it('with drawAtOnce, mounts every chart together and is drawn once each one has drawn, in any order', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    held.clear();
    const { container } = render(
      <ChartSequence
        charts={charts.map((c) => ({ ...c, ariaLabel: `held ${c.title}` }))}
        height={400}
        className="c"
        sectionClassName="s"
        testId="charts"
        drawAtOnce
      />,
    );
    expect(placeholders(container)).toHaveLength(0);
    expect(drawnCharts()).toEqual(['held One', 'held Two', 'held Three']);
    const box = screen.getByTestId('charts');
    act(() => held.get('held Three')!());
    act(() => held.get('held One')!());
    expect(box).toHaveAttribute('data-charts-drawn', 'false');
    act(() => held.get('held Two')!());
    expect(box).toHaveAttribute('data-charts-drawn', 'true');
  });

  it('keeps its charts for a new version and is drawn again only once each has drawn the new option', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    held.clear();
    const heldCharts = (run: number) => charts.map((c) => ({ ...c, option: { run }, ariaLabel: `held ${c.title}` }));
    const sequence = (run: number) => (
      <ChartSequence
        charts={heldCharts(run)}
        height={400}
        className="c"
        sectionClassName="s"
        testId="charts"
        drawAtOnce
        version={String(run)}
      />
    );
    const { rerender } = render(sequence(1));
    const box = screen.getByTestId('charts');
    const firstReports = [...held.values()];
    act(() => firstReports.forEach((report) => report()));
    expect(box).toHaveAttribute('data-charts-drawn', 'true');
    const images = screen.getAllByRole('img');

    rerender(sequence(2));
    // The same chart elements, not new ones, and not drawn until each reports the new version's draw.
    expect(screen.getAllByRole('img')).toEqual(images);
    images.forEach((img, i) => expect(img).toBe(screen.getAllByRole('img')[i]));
    expect(box).toHaveAttribute('data-charts-drawn', 'false');
    // A report the first version asked for, arriving late, does not count for the second.
    act(() => firstReports.forEach((report) => report()));
    expect(box).toHaveAttribute('data-charts-drawn', 'false');
    act(() => held.get('held One')!());
    act(() => held.get('held Two')!());
    expect(box).toHaveAttribute('data-charts-drawn', 'false');
    act(() => held.get('held Three')!());
    expect(box).toHaveAttribute('data-charts-drawn', 'true');
  });

  it('one after another, keeps every chart already drawn mounted for a new version', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { rerender, container } = render(
      <ChartSequence charts={charts} height={400} className="c" sectionClassName="s" testId="charts" version="1" />,
    );
    expect(drawnCharts()).toEqual(['One', 'Two', 'Three']);
    rerender(
      <ChartSequence charts={charts} height={400} className="c" sectionClassName="s" testId="charts" version="2" />,
    );
    expect(placeholders(container)).toHaveLength(0);
    expect(drawnCharts()).toEqual(['One', 'Two', 'Three']);
    expect(screen.getByTestId('charts')).toHaveAttribute('data-charts-drawn', 'true');
  });

  it('draws at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <ChartSequence charts={charts} height={400} className="c" sectionClassName="s" testId="charts" drawWhenNear />,
    );
    expect(drawnCharts()).toEqual(['One', 'Two', 'Three']);
  });
});
