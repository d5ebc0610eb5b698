import { Avatar } from '@mantine/core';
import { imageUrl, type Author } from '@alumnet/contract';

/** A member's picture, or their initials on a colour of their own when they have none. */
export function AuthorAvatar({
  author,
  size,
}: {
  author: Pick<Author, 'fullName' | 'profilePic'>;
  size: number;
}) {
  return (
    <Avatar
      src={author.profilePic ? imageUrl(author.profilePic, 'thumb') : null}
      alt={author.fullName}
      name={author.fullName}
      color="initials"
      size={size}
    />
  );
}

/** 'Batch · Branch', leaving out what a member has not set. */
export const classOf = (author: Pick<Author, 'batchName' | 'branchName'>) =>
  [author.batchName, author.branchName].filter(Boolean).join(' · ');
