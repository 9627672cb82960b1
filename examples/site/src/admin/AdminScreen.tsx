export default function AdminScreen() {
  return null
}
