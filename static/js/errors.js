// What the server's error codes (docs/protocol.md) say to a player, in their language.

const MESSAGES = {
  too_large: () => gettext("That message was too large."),
  bad_json: () => gettext("The server did not understand that message."),
  unknown_type: () => gettext("The server did not understand that message."),
  login_required: () => gettext("Log in to take a seat."),
  bad_seat: () => gettext("There is no such seat."),
  seat_taken: () => gettext("That seat is taken."),
  already_seated: () => gettext("You already have a seat at this table."),
  started: () => gettext("The match has already started."),
  not_seated: () => gettext("You are not seated at this table."),
  no_match: () => gettext("No match is being played at this table."),
  not_your_turn: () => gettext("It is not your turn."),
  illegal: () => gettext("That move is not allowed."),
  finished: () => gettext("This match is over."),
  closed: () => gettext("This room was closed by a moderator."),
  no_room: () => gettext("This room does not exist."),
  seats_free: () => gettext("Four players are needed."),
  rate_limited: () => gettext("Too many messages: wait a moment and try again."),
  // The server's own sentence says why and until when; this is for a message without one.
  cooling_down: (error) => error.message || gettext("You left matches recently: you cannot take a seat yet."),
  removed: () => gettext("A moderator removed you from this table."),
};

// An error's words, with a link where it names a place (`seated_elsewhere`: your table).
export function errorNode(error) {
  if (!error.url || !error.url.startsWith("/")) return errorText(error);
  const node = document.createElement("span");
  const link = document.createElement("a");
  link.href = error.url;
  link.textContent = gettext("Go to that table");
  node.append(errorText(error), " ", link);
  return node;
}

export function errorText(error) {
  const text = MESSAGES[error.code] ? MESSAGES[error.code](error) : error.message;
  return text || gettext("Something went wrong.");
}
