import { useParams } from 'react-router'
import { Reader, useSession } from '@comics/react'
import { adminClaimOfToken } from './adminClaimOfToken'
import AdminScreen from './AdminScreen'

/**
 * /admin/preview/{comicId}/{chapterId}, a chunk of its own: any episode, draft, scheduled or published, in
 * the real reader with the kit's preview banner, for an account with the admin claim (the API lists
 * unpublished episodes and their pages to admins alone); anyone else gets the admin screen's refusal.
 */
export default function AdminPreviewScreen() {
  const { comicId = '', chapterId = '' } = useParams()
  const { signedIn, token } = useSession()
  if (!signedIn || !adminClaimOfToken(token)) return <AdminScreen />
  // One reader per comic, as the site's reader: Prev and Next show the episode they open before its address lands.
  return <Reader key={comicId} comicId={comicId} chapterId={chapterId} preview />
}
