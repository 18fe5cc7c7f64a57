// The paper's story on the loaded data, in words core chose from the measured values
// (core/include/clslab/guidance.h, recipes.h): the recipes card (named settings, each saying
// what it will do and at what cost before it is applied, why each number folded), each chart's "what to look for" line, the
// "Why does it look like this?" card (the diagnostics and the tokens the theory selects),
// and Figure 1's theory layer. No sentence about the run is written here: core writes them.
import type { Finding, Guidance, Recipe, SelectionReport } from '../protocol.ts';
import { formatInteger, formatNumber, formatPercent } from '../format.ts';
import { messages, onLocaleChange, t, verdictLabel } from '../catalog.ts';
import type { LabState, LabStore } from '../state/store.ts';
import type { UShapeChart } from '../charts/u-shape-chart.ts';
import { byId, element } from './dom.ts';

/** A setting's text form (GetSetting's) as its JSON value. */
function jsonValue(kind: string | undefined, text: string): unknown {
  if (kind === 'number' || kind === 'integer') return Number(text);
  if (kind === 'boolean') return text === 'true';
  return text;
}

/** A recipe's settings as the module's JSON values, over the settings in force. */
export function configWithRecipe(state: LabState, recipe: Recipe): string {
  const config: Record<string, unknown> = { ...state.config };
  for (const { key, value } of recipe.settings) {
    config[key] = jsonValue(state.fields.find((f) => f.key === key)?.kind, value);
  }
  return JSON.stringify(config);
}

/** The settings in force on the built-in dataset `name` (a built-in carries no source). */
export function configWithBuiltin(state: LabState, name: string): string {
  const config: Record<string, unknown> = { ...state.config, dataset: name };
  for (const field of state.fields) {
    if (field.group === 'source') config[field.key] = jsonValue(field.kind, field.defaultText);
  }
  return JSON.stringify(config);
}

export class StoryViews {
  private readonly recipes = byId<HTMLUListElement>('recipes-list');
  private readonly diagnostics = byId<HTMLUListElement>('why-diagnostics');
  private readonly selectionSummary = byId('why-selection-summary');
  private readonly selectionRows = byId('why-selection-rows');
  private readonly theoryBox = byId<HTMLInputElement>('u-theory');
  /** Per panel, the paragraph that holds the dataset its line offers. */
  private readonly offers = new Map<string, HTMLElement>();

  constructor(
    private readonly store: LabStore,
    private readonly uShape: UShapeChart,
  ) {
    this.theoryBox.addEventListener('change', () => uShape.showTheory(this.theoryBox.checked));
    onLocaleChange(() => {
      const state = store.state;
      if (state.dataset !== null) this.showRecipes(state);
      if (state.guidance !== null) this.showGuidance(state.guidance, state);
      if (state.selection !== null) this.showSelection(state.selection);
    });
    store.subscribe((event, state) => {
      switch (event.type) {
        case 'datasetLoaded':
          this.showRecipes(state);
          uShape.setTheory(null);
          return;
        case 'guidanceUpdated':
          this.showGuidance(event.guidance, state);
          this.showSelection(event.selection);
          return;
        case 'maxMarginSolved':
          uShape.setTheory(theoryOf(state));
          return;
        case 'settingsApplied':
        case 'metricsUpdated':
          if (state.maxMarginScores === null) uShape.setTheory(null);
          return;
        default:
          return;
      }
    });
  }

  private apply(recipe: Recipe): void {
    this.store.send({
      type: 'applySettings',
      configJson: configWithRecipe(this.store.state, recipe),
    });
  }

  private recipeButton(recipe: Recipe, text: string): HTMLButtonElement {
    const button = element('button', {
      text,
      attributes: { type: 'button', 'data-recipe': recipe.name },
    });
    button.addEventListener('click', () => this.apply(recipe));
    return button;
  }

  /** The dataset a line offers to open, as a button beside the line's folded notes (a
   *  closed <details> would hide it), or nothing. */
  private showOffer(span: HTMLElement, line: Finding): void {
    const anchor = span;
    let holder = this.offers.get(line.panel);
    if (holder === undefined) {
      holder = element('p', { className: 'small dataset-offer' });
      anchor.after(holder);
      this.offers.set(line.panel, holder);
    }
    holder.replaceChildren(...(line.dataset === '' ? [] : [this.datasetButton(line.dataset)]));
    holder.hidden = line.dataset === '';
  }

  /** Opens the built-in dataset a guidance line names, under the settings in force. */
  private datasetButton(name: string): HTMLButtonElement {
    const button = element('button', {
      text: messages.format('offer-dataset', { name }),
      attributes: { type: 'button', 'data-open-dataset': name },
    });
    button.addEventListener('click', () => {
      this.store.send({
        type: 'applySettings',
        configJson: configWithBuiltin(this.store.state, name),
      });
    });
    return button;
  }

  /** Each recipe as its button, then what applying it will do and its cost in view (the
   *  reviews p trains on, named when a subset), and why each number is what it is folded. */
  private showRecipes(state: LabState): void {
    this.recipes.replaceChildren(
      ...state.recipes.map((recipe) => {
        const cost = recipe.plan.details.filter((d) => d.code === 'recipe-cost');
        const why = recipe.plan.details.filter((d) => d.code !== 'recipe-cost');
        const said = messages.join([recipe.plan, ...cost].map((f) => messages.render(f)));
        const nodes: Node[] = [
          this.recipeButton(recipe, messages.render(recipe.title)),
          element('span', {
            className: 'small',
            text: ` ${said}`,
            attributes: { 'data-code': recipe.plan.code },
          }),
        ];
        if (why.length > 0) {
          nodes.push(
            element('details', { className: 'small recipe-why' }, [
              element('summary', { text: messages.format('recipe-why') }),
              element(
                'ul',
                {},
                why.map((detail) =>
                  element('li', {
                    text: messages.render(detail, true),
                    attributes: { 'data-code': detail.code },
                  }),
                ),
              ),
            ]),
          );
        }
        return element(
          'li',
          { className: 'recipe', attributes: { 'data-recipe-item': recipe.name } },
          nodes,
        );
      }),
    );
  }

  /** Each chart's verdict, open under it with its kind's label, and the button of the
   *  recipe that helps when the result is not shown (in view, beside the verdict); the
   *  reasons and numbers behind it go into the card's folded list. */
  private showGuidance(guidance: Guidance, state: LabState): void {
    for (const line of guidance.panels) {
      const span = document.querySelector<HTMLElement>(`[data-guidance="${line.panel}"]`);
      if (span === null) continue;
      const recipe =
        line.recipe === '' ? undefined : state.recipes.find((r) => r.name === line.recipe);
      // The label, the sentence and the button as the locale joins them (a space in
      // English and Spanish, none after Chinese's full-width colon).
      const separator = messages.format('sentence-separator');
      const nodes: Node[] = [
        element('strong', { text: verdictLabel(line.kind) }),
        document.createTextNode(`${separator}${messages.render(line)}`),
      ];
      if (recipe !== undefined && line.kind !== 'shown') {
        nodes.push(
          document.createTextNode(separator),
          this.recipeButton(recipe, messages.format('recipe-use', { name: recipe.name })),
        );
      }
      span.replaceChildren(...nodes);
      span.dataset['kind'] = line.kind;
      span.dataset['verdict'] = line.kind;
      const list = document.querySelector<HTMLElement>(`[data-details="${line.panel}"]`);
      list?.replaceChildren(
        ...line.details.map((detail) =>
          element('li', {
            text: messages.render(detail, true),
            attributes: { 'data-code': detail.code },
          }),
        ),
      );
      this.showOffer(span, line);
    }
    this.diagnostics.replaceChildren(
      ...guidance.diagnostics.map((line) =>
        element('li', {
          text: messages.render(line, true),
          attributes: { 'data-kind': line.kind, 'data-code': line.code },
        }),
      ),
    );
  }

  private showSelection(selection: SelectionReport): void {
    if (!selection.available) {
      this.selectionSummary.textContent = t('why-selection-not-yet');
      this.selectionRows.replaceChildren();
      return;
    }
    this.selectionSummary.textContent = t('why-selection-summary', {
      distinct: selection.distinct,
      reviews: selection.reviews,
      count: formatNumber(selection.medianCount, 3),
      delta: formatNumber(selection.medianAbsDelta, 3),
    });
    this.selectionRows.replaceChildren(
      ...selection.top.map((token) =>
        element('tr', {}, [
          element('td', {
            ...(token.token === ''
              ? { text: t('token-empty') }
              : { text: token.token, attributes: { translate: 'no' } }), // a token is data
          }),
          element('td', {
            text: `${formatInteger(token.reviews)} (${formatPercent(token.share)})`,
          }),
          element('td', { text: formatInteger(token.count) }),
          element('td', { text: formatNumber(token.delta, 3) }),
        ]),
      ),
    );
  }
}

/** Which p_mm Figure 1 draws: the all-review one when its problem is feasible, else the
 *  acyclic reviews' one (the theory's regime), else the soft margin's. */
function theoryOf(state: LabState): { scores: Float32Array; label: () => string } | null {
  const report = state.maxMargin;
  const scores = state.maxMarginScores;
  if (report === null || scores === null) return null;
  if (report.acyclic || !report.acyclicSolved || scores.acyclic.length === 0) {
    const hard = report.hardMargin;
    return {
      scores: scores.all,
      label: () => (hard ? t('chart-theory-hard') : t('chart-theory-soft')),
    };
  }
  return {
    scores: scores.acyclic,
    label: () => t('chart-theory-acyclic', { reviews: report.acyclicReviews }),
  };
}
