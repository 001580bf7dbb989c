import { describe, expect, it } from 'vitest';
import { localMoment, localParts } from './event-moment';

describe('event moments in the browser time zone', () => {
  it('writes a day and a time as an ISO moment with the offset, and reads it back', () => {
    const moment = localMoment('2031-06-02', '14:00');
    expect(moment).toMatch(/^2031-06-02T14:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(moment!).getTime()).toBe(new Date('2031-06-02T14:00:00').getTime());
    expect(localParts(moment!)).toEqual({ day: '2031-06-02', time: '14:00' });
  });

  it('refuses days the calendar has not and times the clock has not', () => {
    expect(localMoment('2031-02-29', '10:00')).toBeNull();
    expect(localMoment('2032-02-29', '10:00')).not.toBeNull();
    expect(localMoment('2031-04-31', '10:00')).toBeNull();
    expect(localMoment('2031-06-02', '24:00')).toBeNull();
    expect(localMoment('2031-06-02', '9:00')).toBeNull();
    expect(localMoment('', '10:00')).toBeNull();
  });
});
