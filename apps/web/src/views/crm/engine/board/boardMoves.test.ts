import { describe, expect, it } from 'vitest';
import type { BoardColumn } from '@orbit/shared/contract/board';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { withMoves, type BoardMove } from './boardMoves';
import { cardPart, fromUnits, toUnits, type BoardSum } from './boardSums';

const SUMS: BoardSum[] = [
  { key: 'amount', field: 'amount', weightBy: null, label: 'Total', decimals: 2 },
  { key: 'weighted', field: 'amount', weightBy: 'probability', label: 'Weighted', decimals: 2 },
];
const deal = (id: number, stage: string, amount: string | null, probability: number | null) => ({ id, version: 1, stage, amount, probability }) as unknown as CrmRecord;
const column = (value: string | null, count: number, amount: string, weighted: string, cards: CrmRecord[]): BoardColumn => ({ value, count, sums: { amount, weighted }, cards });

describe('board sums', () => {
  it('reads decimal text and JSON numbers exactly, rounding half away from zero beyond the scale', () => {
    expect(toUnits('48000.00', 2)).toBe(4800000n);
    expect(toUnits(60, 2)).toBe(6000n);
    expect(toUnits('0.125', 2)).toBe(13n);
    expect(toUnits('-0.125', 2)).toBe(-13n);
    expect(toUnits('12345678901234567.89', 2)).toBe(1234567890123456789n);
    expect(toUnits(null, 2)).toBeNull();
    expect(toUnits('1e5', 2)).toBeNull();
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(fromUnits(1234567890123456789n, 2)).toBe('12345678901234567.89');
    expect(fromUnits(7n, 0)).toBe('7');
  });

  it('takes a card’s part of a sum, weighted by its percentage and rounded to the sum’s decimals', () => {
    expect(cardPart(deal(1, 'proposal', '48000.00', 60), SUMS[0]!)).toBe(4800000n);
    expect(cardPart(deal(1, 'proposal', '48000.00', 60), SUMS[1]!)).toBe(2880000n);
    // 500.50 × 30 % = 150.15; 0.05 × 33 % = 0.0165 → 0.02
    expect(cardPart(deal(1, 'proposal', '500.50', 30), SUMS[1]!)).toBe(15015n);
    expect(cardPart(deal(1, 'proposal', '0.05', 33), SUMS[1]!)).toBe(2n);
    // No amount or no probability counts as nothing, as in the server's sums.
    expect(cardPart(deal(1, 'proposal', null, 60), SUMS[1]!)).toBe(0n);
    expect(cardPart(deal(1, 'proposal', '100.00', null), SUMS[1]!)).toBe(0n);
  });
});

describe('moves shown before the server answers', () => {
  const card = deal(7, 'proposal', '48000.00', 60);
  const columns = [
    column('proposal', 2, '50000.00', '30000.00', [card, deal(8, 'proposal', '2000.00', 60)]),
    column('negotiation', 0, '0.00', '0.00', []),
    column(null, 0, '0.00', '0.00', []),
  ];

  it('moves the card first into its new column, with its count and sums (the new probability weighs it)', () => {
    const move: BoardMove = { id: 7, from: 'proposal', to: 'negotiation', before: card, after: { ...card, stage: 'negotiation', probability: 80 } };
    const [from, to, empty] = withMoves(columns, [move], SUMS);
    expect(from).toMatchObject({ count: 1, sums: { amount: '2000.00', weighted: '1200.00' } });
    expect(from!.cards.map((c) => c.id)).toEqual([8]);
    expect(to).toMatchObject({ count: 1, sums: { amount: '48000.00', weighted: '38400.00' } });
    expect(to!.cards).toEqual([move.after]);
    expect(empty).toEqual(columns[2]);
    // The columns it was given are left as they were (the server's answer, kept for a roll-back).
    expect(columns[0]!.count).toBe(2);
  });

  it('applies several moves in order, a card moved twice counted once', () => {
    const first: BoardMove = { id: 7, from: 'proposal', to: 'negotiation', before: card, after: { ...card, stage: 'negotiation', probability: 80 } };
    const second: BoardMove = { id: 7, from: 'negotiation', to: null, before: first.after, after: { ...first.after, stage: null } };
    const [from, to, empty] = withMoves(columns, [first, second], SUMS);
    expect([from!.count, to!.count, empty!.count]).toEqual([1, 0, 1]);
    expect(to!.sums).toEqual({ amount: '0.00', weighted: '0.00' });
    expect(empty!.sums).toEqual({ amount: '48000.00', weighted: '38400.00' });
    expect(empty!.cards.map((c) => c.id)).toEqual([7]);
  });
});
