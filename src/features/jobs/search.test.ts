import { describe, expect, it } from 'vitest';
import { JobSearch } from './schema';
import { activeFilterCount, boardQuery, MAX_QUERY_LENGTH, pageFromParams, searchFromParams, searchToParams } from './search';

describe("the board's address", () => {
  it('reads the text and the filters, and writes them back the same', () => {
    const params = new URLSearchParams('q=%20react%20&industry=finance&contract_type=freelance');
    const search = searchFromParams('spaintechjobs', params);
    expect(search).toEqual({
      dashboard: 'spaintechjobs',
      queryText: 'react',
      filters: { industry: 'finance', contract_type: 'freelance' },
    });
    expect(searchToParams(search).toString()).toBe('q=react&industry=finance&contract_type=freelance');
  });

  it('drops the filters of a hand-edited address with an unknown value, as the API would refuse them', () => {
    const search = searchFromParams('all', new URLSearchParams('industry=finance&remote_work_allowance=always'));
    expect(search).toEqual({ dashboard: 'all', queryText: '', filters: {} });
    expect(
      JobSearch.safeParse({ dashboard: 'all', queryText: '', filters: { industry: 'finance', remote_work_allowance: 'always' } }).success,
    ).toBe(false);
  });

  it('cuts a long text to what the API takes, and the API accepts every search it reads', () => {
    const cases = [
      'q=' + 'x'.repeat(500),
      'q=java&work_schedule_type=parttime',
      'remuneration_range=between&candidate_location_allowance=asia',
      'unknown=1',
    ];
    for (const query of cases) {
      const search = searchFromParams('frontendjobs', new URLSearchParams(query));
      expect(search.queryText.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
      expect(JobSearch.parse(search)).toEqual(search);
    }
  });

  it('keeps the page and its cursor beside the search, and reads them back for the way back from a job', () => {
    const search = searchFromParams('all', new URLSearchParams('q=go&industry=finance&contract_type=freelance'));
    expect(activeFilterCount(search)).toBe(2);
    const query = boardQuery(search, 3, 'abc');
    expect(query).toBe('q=go&industry=finance&contract_type=freelance&page=3&after=abc');
    expect(pageFromParams(new URLSearchParams(query))).toEqual({ page: 3, after: 'abc' });
    // The first page needs no cursor; a page without one is the first.
    expect(boardQuery(search, 1, 'abc')).toBe('q=go&industry=finance&contract_type=freelance');
    expect(pageFromParams(new URLSearchParams('page=x&after=abc'))).toEqual({ page: 1, after: null });
  });
});
