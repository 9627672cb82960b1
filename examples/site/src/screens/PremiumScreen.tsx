export default function PremiumScreen() {
  return null
}
