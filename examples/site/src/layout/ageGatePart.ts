// The kit's age gate in a chunk of its own: only the adult host shows it (src/layout/AdultHostAgeGate.tsx).
export { AgeVerificationModal as default } from '@comics/react'
