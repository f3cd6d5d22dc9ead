/**
 * Who may do what: users, roles and their read or write grants per namespace, logins that hand out signed
 * access tokens, and the check every transport makes before it lets a request reach the use cases. Off unless
 * {@code nacos.core.auth.enabled=true}; then nothing is allowed without a valid token. Users, roles, grants and
 * the per-installation token key are stored in the database. May depend on {@code model}, {@code event} (to
 * forget cached grants when namespaces change), {@code settings} and {@code infrastructure}, and on CDI, EJB (the startup bean),
 * MicroProfile Config and Health. The store is the interface {@link io.jacos.auth.AuthStore}, implemented in
 * the persistence adapter. Transports depend on it, never the other way round.
 */
package io.jacos.auth;
