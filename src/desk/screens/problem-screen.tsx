/** A request the desk refused or could not do: what happened, that nothing changed when so, and where to go. */
export interface ProblemData {
  message: string;
  back: { href: string; label: string };
}

export function ProblemScreen({ data }: { data: ProblemData }) {
  return (
    <>
      <p role="alert">{data.message}</p>
      <p>
        <a href={data.back.href}>{data.back.label}</a>
      </p>
    </>
  );
}
