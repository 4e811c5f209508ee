import Link from "next/link";

export default function NotFound() {
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-bold">Nothing here</h1>
      <p className="text-stone-600">There is no such page or player.</p>
      <Link href="/" className="font-medium text-emerald-700 hover:underline">
        Back to the home page
      </Link>
    </div>
  );
}
