export interface ReaderScreenProps {
  uncensored: boolean
}

export default function ReaderScreen(_props: ReaderScreenProps) {
  return null
}
