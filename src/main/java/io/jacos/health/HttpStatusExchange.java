package io.jacos.health;

import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousSocketChannel;
import java.nio.channels.CompletionHandler;
import java.util.concurrent.CompletableFuture;

/**
 * One HTTP check on a connected channel: writes the request, reads until the status line is complete, and
 * completes {@link ProbeResult#ALIVE} when its status is the expected one. The rest of the answer is never read; the prober closes
 * the channel once the result completes.
 */
final class HttpStatusExchange implements CompletionHandler<Integer, Void> {

    /** A status line longer than this is not an HTTP server we can check. */
    private static final int MAX_STATUS_LINE = 512;

    private final AsynchronousSocketChannel channel;
    private final ByteBuffer request;
    private final ByteBuffer received = ByteBuffer.allocate(MAX_STATUS_LINE);
    private final int expectedStatus;
    private final CompletableFuture<ProbeResult> result;
    private boolean writing = true;

    HttpStatusExchange(AsynchronousSocketChannel channel, ByteBuffer request, int expectedStatus,
                       CompletableFuture<ProbeResult> result) {
        this.channel = channel;
        this.request = request;
        this.expectedStatus = expectedStatus;
        this.result = result;
    }

    void start() {
        channel.write(request, null, this);
    }

    @Override
    public void completed(Integer bytes, Void unused) {
        try {
            proceed(bytes);
        } catch (RuntimeException e) {
            // Nothing may escape to the I/O thread: the group would replace it with a thread made off deployment.
            result.complete(ProbeResult.FAILED);
        }
    }

    private void proceed(int bytes) {
        if (result.isDone()) {
            return;
        }
        if (writing) {
            if (!request.hasRemaining()) {
                writing = false;
                channel.read(received, null, this);
            } else {
                channel.write(request, null, this);
            }
            return;
        }
        int status = HttpProbeRequest.status(received);
        if (status >= 0) {
            result.complete(status == expectedStatus ? ProbeResult.ALIVE : ProbeResult.FAILED);
        } else if (bytes < 0 || !received.hasRemaining()) {
            result.complete(ProbeResult.FAILED);
        } else {
            channel.read(received, null, this);
        }
    }

    @Override
    public void failed(Throwable failure, Void unused) {
        result.complete(ProbeResult.FAILED);
    }
}
