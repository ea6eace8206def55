using System.Net.Sockets;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Bytes a client sent to and received from its host, counted on its own TCP connections. The hosts' socket counters
/// cannot give this: a host's sockets also carry its PostgreSQL traffic, which is the same for every stack and would
/// blur the difference between them.
/// </summary>
public sealed class WireCounter
{
    private long _sent;
    private long _received;

    public long BytesSent => Interlocked.Read(ref _sent);

    public long BytesReceived => Interlocked.Read(ref _received);

    public void AddSent(long bytes) => Interlocked.Add(ref _sent, bytes);

    public void AddReceived(long bytes) => Interlocked.Add(ref _received, bytes);

    /// <summary>An HTTP handler whose connections count their bytes here (the same settings SocketsHttpHandler uses).</summary>
    public SocketsHttpHandler Count(SocketsHttpHandler handler)
    {
        handler.ConnectCallback = async (context, cancellationToken) =>
        {
            var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            try
            {
                await socket.ConnectAsync(context.DnsEndPoint, cancellationToken);
                return new CountingStream(new NetworkStream(socket, ownsSocket: true), this);
            }
            catch
            {
                socket.Dispose();
                throw;
            }
        };
        return handler;
    }

    private sealed class CountingStream(Stream inner, WireCounter counter) : Stream
    {
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public override int Read(byte[] buffer, int offset, int count) => Received(inner.Read(buffer, offset, count));

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            Received(await inner.ReadAsync(buffer, cancellationToken));

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Write(byte[] buffer, int offset, int count)
        {
            inner.Write(buffer, offset, count);
            counter.AddSent(count);
        }

        public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            await inner.WriteAsync(buffer, cancellationToken);
            counter.AddSent(buffer.Length);
        }

        public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Flush() => inner.Flush();

        public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
            }
            base.Dispose(disposing);
        }

        public override async ValueTask DisposeAsync()
        {
            await inner.DisposeAsync();
            await base.DisposeAsync();
        }

        private int Received(int bytes)
        {
            counter.AddReceived(bytes);
            return bytes;
        }
    }
}
