// What a pick card shows (a builder starter or a template): its icon, its name and a line on what it is for.
import './surface.css';

export function PickCardFace({
  icon,
  name,
  description,
  iconClassName,
}: {
  icon: string;
  name: string;
  description: string;
  /** Each screen sizes the icon itself. */
  iconClassName: string;
}) {
  return (
    <>
      <span className={iconClassName} aria-hidden="true">
        {icon}
      </span>
      <strong>{name}</strong>
      <small>{description}</small>
    </>
  );
}
