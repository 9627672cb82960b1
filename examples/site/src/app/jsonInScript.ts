/** JSON inside a `<script>` element: nothing in it can close the element or open a comment. */
export const jsonInScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')
