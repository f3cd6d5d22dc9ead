package io.jacos.transport.grpc;

import io.jacos.application.ConnectionDirectory;
import io.jacos.model.ClientId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Optional;

/** The {@link ConnectionTable}'s connections, as the application's {@link ConnectionDirectory}. */
@ApplicationScoped
public class GrpcConnectionDirectory implements ConnectionDirectory {

    private ConnectionTable table;

    /** For the container's proxy. */
    protected GrpcConnectionDirectory() {
    }

    @Inject
    public GrpcConnectionDirectory(ConnectionTable table) {
        this.table = table;
    }

    @Override
    public Optional<ConnectionInfo> find(ClientId client) {
        return table.find(client.value()).map(GrpcConnectionDirectory::info);
    }

    @Override
    public List<ConnectionInfo> list() {
        return table.ids().stream().map(table::find).flatMap(Optional::stream)
                .map(GrpcConnectionDirectory::info).toList();
    }

    @Override
    public int count() {
        return table.size();
    }

    static ConnectionInfo info(GrpcConnection connection) {
        return new ConnectionInfo(connection.id(), connection.clientIp(), connection.clientVersion(),
                connection.labels(), connection.connectedMillis(), connection.lastActiveMillis());
    }
}
