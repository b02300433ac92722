import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchPicker, type PickerOption } from './search-picker';

const OPTIONS: PickerOption[] = [
  { id: '1', label: 'Summit Towers', detail: 'Atlanta, GA' },
  { id: '2', label: 'Summit Storage', detail: 'Macon, GA' },
];

function Harness({ onSelect }: { onSelect: (o: PickerOption | null) => void }) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<PickerOption | null>(null);
  return (
    <SearchPicker
      label="Company"
      selected={selected}
      onSelect={(o) => {
        setSelected(o);
        onSelect(o);
      }}
      text={text}
      onTextChange={setText}
      options={text.length >= 2 ? OPTIONS : []}
      loading={false}
    />
  );
}

describe('SearchPicker', () => {
  it('asks for 2 characters, lists the options, picks one and lets it be changed', () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 's' } });
    expect(screen.getByText('Type at least 2 characters')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'su' } });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith(OPTIONS[1]);
    expect(screen.getByTestId('picker-selected').textContent).toContain('Summit Storage');
    fireEvent.click(screen.getByRole('button', { name: 'Change company' }));
    expect(onSelect).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('combobox')).toBeTruthy();
  });
});
