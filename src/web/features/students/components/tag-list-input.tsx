import { Plus, X } from "lucide-react";
import { useId } from "react";
import { addTag, removeTag, TAG_MAX_LENGTH } from "@/domain/student-profile";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";

/**
 * A list of short entries: Enter (or Add) adds the trimmed entry, empty and duplicate entries are
 * ignored, clicking an entry removes it. A value typed without Enter is added when the field loses
 * focus. The typed text (`draft`) belongs to the form, so that its submit saves it too: a tap on
 * Save may reach the form before, or without, the field's blur.
 */
export function TagListInput({
  label,
  hint,
  value,
  onChange,
  draft,
  onDraftChange,
  placeholder,
  suggestions,
}: {
  label: string;
  hint?: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** The text typed and not added yet. */
  draft: string;
  onDraftChange: (draft: string) => void;
  placeholder?: string;
  suggestions?: readonly string[];
}) {
  const id = useId();

  function add() {
    const next = addTag(value, draft);
    if (next !== value) onChange(next);
    if (draft) onDraftChange("");
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-input`}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-input`}
          value={draft}
          maxLength={TAG_MAX_LENGTH}
          placeholder={placeholder}
          list={suggestions ? `${id}-suggestions` : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onDraftChange(e.target.value)}
          onBlur={add}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} aria-label={`Add to ${label}`}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
      {suggestions ? (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {value.length > 0 ? (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label={label}>
          {value.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-3 py-1 text-sm text-teal-900 hover:bg-teal-200"
                onClick={() => onChange(removeTag(value, tag))}
                aria-label={`Remove ${tag}`}
              >
                {tag}
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">None yet.</p>
      )}
    </div>
  );
}
