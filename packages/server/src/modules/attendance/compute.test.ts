import { describe, expect, it } from 'vitest';
import { computeDay, type EffectiveRule, effectiveRule } from './compute.ts';

const two: EffectiveRule = {
  count: 2,
  starttime: '09:00:00',
  endtime: '18:00:00',
  mstarttime: '',
  mendtime: '',
  pstarttime: '',
  pendtime: '',
};
const four: EffectiveRule = { ...two, count: 4, mstarttime: '12:00:00', mendtime: '13:00:00' };
const six: EffectiveRule = { ...four, count: 6, pstarttime: '19:00:00', pendtime: '21:00:00' };

describe('computeDay', () => {
  it('reads a normal day: first punch starts, last ends, duration between', () => {
    const d = computeDay(['18:05:00', '08:55:10', '12:30:00'], two);
    expect(d).toMatchObject({ opentime: '08:55:10', closetime: '18:05:00', mstarttime: '', longtime: '09:09', status: 1 });
  });

  it('marks a late start abnormal', () => {
    const d = computeDay(['09:10:00', '18:00:00'], two);
    expect(d).toMatchObject({ opentime: '09:10:00', closetime: '18:00:00', status: 0 });
  });

  it('marks an early leave and a single punch abnormal', () => {
    expect(computeDay(['08:50:00', '17:59:59'], two).status).toBe(0);
    expect(computeDay(['08:50:00'], two)).toMatchObject({ opentime: '08:50:00', closetime: '', longtime: '', status: 0 });
  });

  it('with 4 punches takes the noon range out of the duration', () => {
    const d = computeDay(['08:58:00', '12:01:00', '12:59:00', '18:02:00'], four);
    expect(d).toMatchObject({
      opentime: '08:58:00',
      mstarttime: '12:01:00',
      mendtime: '12:59:00',
      closetime: '18:02:00',
      longtime: '08:06',
      status: 1,
    });
  });

  it('with 4 punches a missing noon punch is abnormal', () => {
    const d = computeDay(['08:58:00', '12:01:00', '18:02:00'], four);
    expect(d).toMatchObject({ mstarttime: '12:01:00', mendtime: '', closetime: '18:02:00', status: 0 });
  });

  it('with 6 punches reads overtime after the end of work and adds it', () => {
    const d = computeDay(['09:00:00', '12:00:00', '13:00:00', '18:00:00', '19:00:00', '20:30:00'], six);
    expect(d).toMatchObject({
      opentime: '09:00:00',
      closetime: '18:00:00',
      pstarttime: '19:00:00',
      pendtime: '20:30:00',
      longtime: '09:30',
      status: 1,
    });
  });

  it('with 6 punches a missing overtime end is abnormal', () => {
    const d = computeDay(['09:00:00', '12:00:00', '13:00:00', '18:00:00', '19:30:00'], six);
    expect(d).toMatchObject({ closetime: '18:00:00', pstarttime: '19:30:00', pendtime: '', status: 0 });
  });

  it('answers an abnormal empty day without punches', () => {
    expect(computeDay([], four)).toEqual({
      opentime: '',
      closetime: '',
      mstarttime: '',
      mendtime: '',
      pstarttime: '',
      pendtime: '',
      longtime: '',
      status: 0,
    });
  });

  it('counts a punch repeated by a device once', () => {
    expect(computeDay(['09:00:00', '09:00:00'], two)).toMatchObject({ opentime: '09:00:00', closetime: '', status: 0 });
  });
});

describe('effectiveRule', () => {
  it('uses the default 09:00–18:00 two-punch rule in the default mode', () => {
    const r = effectiveRule({ vtype: 2, type: 0, starttime: '', endtime: '', mstarttime: '', mendtime: '', pstarttime: '', pendtime: '' });
    expect(r).toMatchObject({ count: 2, starttime: '09:00:00', endtime: '18:00:00' });
  });
  it('uses the custom rule as saved', () => {
    const r = effectiveRule({
      vtype: 1,
      type: 4,
      starttime: '08:30:00',
      endtime: '17:30:00',
      mstarttime: '11:30:00',
      mendtime: '12:30:00',
      pstarttime: '',
      pendtime: '',
    });
    expect(r).toMatchObject({ count: 4, starttime: '08:30:00', mstarttime: '11:30:00' });
  });
});
