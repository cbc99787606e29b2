import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import { prepareCrmTests, renderCrm } from '../../../../test/crmFixtures';
import EmailEntry from './EmailEntry';

const entry = (email: Partial<NonNullable<TimelineEntry['email']>>): TimelineEntry => ({
  kind: 'email',
  id: 9,
  time: '2026-11-28T09:00:00.000Z',
  authorId: 5,
  authorName: 'Olivia Park',
  canEdit: false,
  email: {
    subject: 'Re: Renewal terms',
    from: '"Olivia Park" <olivia.park@example.com>',
    to: ['partner@unknown.example'],
    cc: [],
    bcc: [],
    body: '<p>Looping in our partner</p>',
    status: 'received',
    answer: null,
    sentAt: null,
    attachments: [],
    module: 'opportunity',
    recordId: 7,
    direction: 'in',
    threadId: 3,
    ...email,
  },
});

prepareCrmTests();

describe('an e-mail on the timeline', () => {
  it('a received mail says so, with its sender and its thread', async () => {
    renderCrm(<EmailEntry entry={entry({})} threadSize={2} />);
    expect(await screen.findByText('Olivia Park received an e-mail')).toBeTruthy();
    expect(screen.getByTestId('email-status').textContent).toBe('Received');
    expect(screen.getByText('From: "Olivia Park" <olivia.park@example.com>')).toBeTruthy();
    expect(screen.getByTestId('email-thread').textContent).toBe('In a thread of 2');
  });

  it('a sent mail alone in its thread shows neither a sender line nor a thread', async () => {
    renderCrm(<EmailEntry entry={entry({ direction: 'out', status: 'sent', threadId: 9 })} />);
    expect(await screen.findByText('Olivia Park sent an e-mail')).toBeTruthy();
    expect(screen.queryByText(/^From:/)).toBeNull();
    expect(screen.queryByTestId('email-thread')).toBeNull();
  });
});
