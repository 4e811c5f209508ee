export default function Home() {
  return <main>Machiavelox</main>;
}
