-- Upload credentials carry the epoch they were minted in; raising a person's epoch (logout, ban,
-- deregistration) makes every credential minted before it stop working at the embedded endpoint.
create table upload_credential_epochs (
  user_id bigint primary key,
  epoch integer not null
);
