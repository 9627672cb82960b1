import { comicsApiUrl } from '../../../comicsApi'
import { ComicsReader } from './ComicsReader'

export const dynamic = 'force-dynamic'

export default async function ReaderPage({ params }: { params: Promise<{ id: string; chapterId: string }> }) {
  const { id, chapterId } = await params
  return <ComicsReader apiBaseUrl={comicsApiUrl()} comicId={id} chapterId={chapterId} />
}
