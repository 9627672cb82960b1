import { activeLevel, type Viewer } from '@comics/core/rules'
import { MOCK_VIEWERS, type MockViewer, type MockViewerKey } from '../fixtures/viewers'
import type { MockState } from './mockState'

/** Who a request comes from, as the handlers see it. */
export interface RequestViewer extends Viewer {
  viewer: MockViewer
  userId: string | null
  admin: boolean
}

const bearerToken = (request: Request): string | null => {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')
  return match?.[1]?.trim() || null
}

/**
 * The viewer behind a request: the override when a story picked one, otherwise the fixture viewer
 * whose token the `Authorization: Bearer` header carries. A token the mocks do not know counts as
 * no token. The level comes from the viewer's subscriptions through the core rule `activeLevel`; the
 * episodes they unlocked with coins from the state's coin unlocks.
 */
export function resolveViewer(
  request: Request,
  state: MockState,
  override: MockViewerKey | MockViewer | undefined,
  now: Date,
): RequestViewer {
  const token = bearerToken(request)
  const viewer =
    typeof override === 'string'
      ? MOCK_VIEWERS[override]
      : (override ?? Object.values(MOCK_VIEWERS).find((v) => token !== null && v.token === token) ?? MOCK_VIEWERS.guest)
  const userId = viewer.userId
  const signedIn = userId !== null
  return {
    viewer,
    userId,
    admin: signedIn && viewer.admin,
    signedIn,
    level: signedIn ? activeLevel(state.subscriptions.filter((s) => s.userId === userId), now) : 0,
    unlockedEpisodeIds: new Set(signedIn ? state.coinUnlocks.filter((u) => u.userId === userId).map((u) => u.chapterId) : []),
  }
}
