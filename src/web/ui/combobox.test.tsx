import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox';
import { rankByText } from './rank';

const NAMES = ['Alpha Summit Storage', 'Peak Summit', 'Summit Towers', 'Consummate HVAC', 'Summit Storage'];

function Harness({ onSelect, autoSelect = false }: { onSelect: (name: string) => void; autoSelect?: boolean }) {
  const [text, setText] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <Combobox
        value={text}
        onValueChange={setText}
        options={text.length >= 2 ? NAMES : []}
        getKey={(n) => n}
        getLabel={(n) => n}
        onSelect={(n) => {
          setText(n);
          onSelect(n);
        }}
        autoSelect={autoSelect}
        inputProps={{ 'aria-label': 'Company' }}
      />
    </form>
  );
}

const options = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('rankByText', () => {
  it('puts names that start with the text first, then word starts, then the rest, keeping order within', () => {
    expect(rankByText(NAMES, ' summit', (n) => n)).toEqual([
      'Summit Towers',
      'Summit Storage',
      'Alpha Summit Storage',
      'Peak Summit',
      'Consummate HVAC',
    ]);
  });
});

describe('Combobox', () => {
  it('follows the ARIA combobox pattern by keyboard', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Company' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-controls')).toBe(false);
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'summ' } });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(options()).toEqual([
      'Summit Towers',
      'Summit Storage',
      'Alpha Summit Storage',
      'Peak Summit',
      'Consummate HVAC',
    ]);
    // Nothing is active until the arrows move: Enter would submit the form.
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(active()).toBe('Summit Towers');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(active()).toBe('Consummate HVAC');
    fireEvent.keyDown(box, { key: 'Home' });
    expect(active()).toBe('Summit Towers');
    fireEvent.keyDown(box, { key: 'End' });
    expect(active()).toBe('Consummate HVAC');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(active()).toBe('Summit Towers');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    // Escape closes the list and keeps the text.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('summ');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('Summit Storage');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('with autoSelect, Enter takes the first ranked option; Tab closes the list', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} autoSelect />);
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'peak' } });
    fireEvent.keyDown(box, { key: 'Tab' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: 'pea' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('Peak Summit');
  });
});
