export interface ComicScreenProps {
  uncensored: boolean
}

export default function ComicScreen(_props: ComicScreenProps) {
  return null
}
