package io.jacos.auth;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/** An {@link AuthStore} in memory, counting reads of the grants so tests can see the cache work. */
final class MemoryAuthStore implements AuthStore {

    final Map<String, String> users = new TreeMap<>();
    final List<UserAdmin.RoleBinding> bindings = new ArrayList<>();
    final Map<String, UserAdmin.Permission> permissions = new TreeMap<>();
    final AtomicInteger reads = new AtomicInteger();
    byte[] key;
    /** Runs before each password read, outside the store's lock, so a test can hold logins at their check. */
    volatile Runnable beforePasswordRead = () -> { };

    @Override
    public Optional<String> passwordHash(String username) {
        beforePasswordRead.run();
        synchronized (this) {
            reads.incrementAndGet();
            return Optional.ofNullable(users.get(username));
        }
    }

    @Override
    public synchronized List<String> usernames() {
        return List.copyOf(users.keySet());
    }

    @Override
    public synchronized boolean createUser(String username, String passwordHash) {
        return users.putIfAbsent(username, passwordHash) == null;
    }

    @Override
    public synchronized boolean updatePassword(String username, String passwordHash) {
        return users.replace(username, passwordHash) != null;
    }

    @Override
    public synchronized boolean deleteUser(String username) {
        bindings.removeIf(b -> b.username().equals(username));
        return users.remove(username) != null;
    }

    @Override
    public synchronized List<UserAdmin.RoleBinding> roleBindings() {
        return List.copyOf(bindings);
    }

    @Override
    public synchronized boolean bindRole(String role, String username) {
        UserAdmin.RoleBinding binding = new UserAdmin.RoleBinding(role, username);
        if (bindings.contains(binding)) {
            return false;
        }
        return bindings.add(binding);
    }

    @Override
    public synchronized boolean unbindRole(String role, String username) {
        return bindings.remove(new UserAdmin.RoleBinding(role, username));
    }

    @Override
    public synchronized List<UserAdmin.Permission> permissions() {
        return List.copyOf(permissions.values());
    }

    @Override
    public synchronized void savePermission(UserAdmin.Permission permission) {
        String id = permission.role() + "|" + permission.namespaceId() + "|" + permission.scope();
        if (permission.actions().isEmpty()) {
            permissions.remove(id);
        } else {
            permissions.put(id, permission);
        }
    }

    @Override
    public synchronized Optional<byte[]> tokenKey() {
        return Optional.ofNullable(key);
    }

    @Override
    public synchronized byte[] storeTokenKeyIfAbsent(byte[] fresh) {
        if (key == null) {
            key = fresh.clone();
        }
        return key;
    }
}
