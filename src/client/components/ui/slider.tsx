import { Slider as RadixSlider } from 'radix-ui';

interface SliderProps {
  value: number[];
  onValueChange: (value: number[]) => void;
  min: number;
  max: number;
  step: number;
  /** One accessible name per thumb. */
  thumbLabels: string[];
  /** Spoken value of each thumb, e.g. "€ 20". */
  valueText?: (value: number) => string;
  id?: string;
}

export function Slider({ value, onValueChange, min, max, step, thumbLabels, valueText, id }: SliderProps) {
  return (
    <RadixSlider.Root
      id={id}
      className="relative flex h-6 w-full touch-none select-none items-center"
      value={value}
      onValueChange={onValueChange}
      min={min}
      max={max}
      step={step}
      minStepsBetweenThumbs={0}
    >
      <RadixSlider.Track className="relative h-1.5 grow rounded-full bg-sand-200">
        <RadixSlider.Range className="absolute h-full rounded-full bg-terracotta-600" />
      </RadixSlider.Track>
      {value.map((v, i) => (
        <RadixSlider.Thumb
          // Thumbs are positional: the first is always the lower bound.
          key={i}
          aria-label={thumbLabels[i]}
          aria-valuetext={valueText?.(v)}
          className="block h-6 w-6 rounded-full border-2 border-terracotta-600 bg-white shadow transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-terracotta-600"
        />
      ))}
    </RadixSlider.Root>
  );
}
