export default function AccountScreen() {
  return null
}
