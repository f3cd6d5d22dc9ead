package io.jacos.transport.grpc;

import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.IoHandlerFactory;
import io.grpc.netty.shaded.io.netty.channel.MultiThreadIoEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.ServerChannel;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollIoHandler;
import io.grpc.netty.shaded.io.netty.channel.epoll.EpollServerSocketChannel;
import io.grpc.netty.shaded.io.netty.channel.nio.NioIoHandler;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.util.concurrent.DefaultThreadFactory;

import java.util.concurrent.TimeUnit;

/**
 * The event loops of the gRPC server, owned by the application rather than shared through grpc-java's
 * process-wide holder. grpc-java never releases its shared loops when a server fails to start (port in use),
 * and releases them late otherwise; owning them lets undeploy, and a failed deploy, end every thread it
 * started. Epoll on Linux, NIO elsewhere.
 */
final class NettyLoops {

    private static final int QUIET_PERIOD_SECONDS = 0;
    private static final int SHUTDOWN_TIMEOUT_SECONDS = 5;

    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final Class<? extends ServerChannel> channelType;

    NettyLoops() {
        boolean epoll = Epoll.isAvailable();
        IoHandlerFactory handlers = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        boss = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("jacos-grpc-boss", true), handlers);
        workers = new MultiThreadIoEventLoopGroup(0, new DefaultThreadFactory("jacos-grpc-io", true), handlers);
        channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    NettyServerBuilder applyTo(NettyServerBuilder builder) {
        return builder.bossEventLoopGroup(boss).workerEventLoopGroup(workers).channelType(channelType);
    }

    /** Ends every loop thread; waits a few seconds at most. */
    void shutdown() {
        boss.shutdownGracefully(QUIET_PERIOD_SECONDS, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        workers.shutdownGracefully(QUIET_PERIOD_SECONDS, SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        boss.terminationFuture().awaitUninterruptibly(SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        workers.terminationFuture().awaitUninterruptibly(SHUTDOWN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }
}
