export interface FileFieldProps {
  label: string
  name: string
  multiple?: boolean
  onChange: (file: File | null) => void
  onChangeAll?: (files: File[]) => void
}

/** An image file input (page-image types: the API refuses SVG). */
export function FileField({ label, name, multiple = false, onChange, onChangeAll }: FileFieldProps) {
  return (
    <label>
      {label}
      <input
        type="file"
        name={name}
        accept="image/png,image/jpeg,image/webp,image/avif"
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          onChange(files[0] ?? null)
          onChangeAll?.(files)
        }}
      />
    </label>
  )
}
