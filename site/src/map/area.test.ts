import { describe, expect, test } from 'vitest';
import type { CardProperty } from '../types';
import { boundsFrom, inArea, type Bounds } from './area';
import { withMapView } from './showMap';

const card = (id: string, coordinates?: { lat: number; lng: number }) => ({ id, coordinates }) as CardProperty;

describe('the map in the address', () => {
  test('an area reads back as written, and what is not an area is none', () => {
    const area: Bounds = [55.1, 25.05, 55.2, 25.12];
    expect(boundsFrom(withMapView(new URLSearchParams(), true, area))).toEqual(area);
    for (const bad of ['', '55.1,25.05,55.2', '55.1,25.05,55.2,25.12,1', '55.2,25.05,55.1,25.12', 'a,b,c,d', '55.1,95,55.2,96', '1e3,0,2,1', ',,,']) {
      expect(boundsFrom(new URLSearchParams({ bounds: bad })), bad).toBeNull();
    }
  });

  test('the view and the area join the other parameters, which stay', () => {
    const params = withMapView(new URLSearchParams('type=Villa&sort=price-asc'), true, [55, 25, 55.5, 25.5]);
    expect(params.toString()).toBe('type=Villa&sort=price-asc&view=map&bounds=55.00000%2C25.00000%2C55.50000%2C25.50000');
    expect(withMapView(params, false, null).toString()).toBe('type=Villa&sort=price-asc');
  });

  test('the list keeps to the area; a card without a location is outside it', () => {
    const cards = [card('marina', { lat: 25.08, lng: 55.14 }), card('downtown', { lat: 25.197, lng: 55.274 }), card('nowhere')];
    expect(inArea(cards, [55.1, 25.05, 55.2, 25.12]).map((c) => c.id)).toEqual(['marina']);
    expect(inArea(cards, null)).toBe(cards);
  });
});
