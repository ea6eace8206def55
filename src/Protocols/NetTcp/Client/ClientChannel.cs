using System.Buffers;
using System.Diagnostics;
using System.IO.Pipelines;
using System.Net;
using System.Net.Sockets;
using System.Reflection;
using System.Runtime.Serialization;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// One client session: a TCP connection, the [MC-NMF] duplex preamble, then one request/reply at a time (callers queue on
/// a gate, and the wait counts against SendTimeout). Framing, transport and timeout failures fault the channel; SOAP
/// faults and reply-body deserialization errors do not, since the session is still in step.
/// </summary>
internal sealed class ClientChannel
{
    private const int DefaultNetTcpPort = 808;

    private readonly BindingSettings _binding;
    private readonly XmlDictionaryString _to;
    private readonly SemaphoreSlim _gate = new(1, 1);
    private readonly Lock _stateLock = new();
    private CommunicationState _state = CommunicationState.Created;
    private Socket? _socket;
    private CountingStream? _stream;
    private PipeReader? _input;
    private PipeWriter? _output;
    private FrameReader? _frames;
    private BinarySessionCodec? _codec;
    private CancellationTokenSource _timer = new();
    private long _bytesSent;
    private long _bytesReceived;

    public ClientChannel(BindingSettings binding, Uri address, XmlDictionaryString to, object owner)
    {
        _binding = binding;
        RemoteAddress = address;
        _to = to;
        Owner = owner;
    }

    public event EventHandler? Faulted;

    public Uri RemoteAddress { get; }

    /// <summary>The proxy the user holds; the sender of <see cref="Faulted"/>.</summary>
    public object Owner { get; }

    public CommunicationState State => _state;

    public long BytesSent => _bytesSent + (_stream?.BytesWritten ?? 0);

    public long BytesReceived => _bytesReceived + (_stream?.BytesRead ?? 0);

    internal static Func<ClientChannel, OperationDescription, object?[], object> CreateCall(OperationDescription operation)
    {
        if (operation.ResultType is null)
        {
            return static (channel, op, args) => channel.InvokeAsync(op, args);
        }

        var typed = typeof(ClientChannel).GetMethod(nameof(InvokeTypedAsync), BindingFlags.NonPublic | BindingFlags.Static)!
            .MakeGenericMethod(operation.ResultType);
        return typed.CreateDelegate<Func<ClientChannel, OperationDescription, object?[], object>>();
    }

    public async Task OpenAsync(CancellationToken cancellationToken)
    {
        await _gate.WaitAsync(cancellationToken);
        try
        {
            if (_state != CommunicationState.Created)
            {
                throw new InvalidOperationException($"The channel to '{RemoteAddress}' is {_state}; only a Created channel can be opened.");
            }

            await OpenCoreAsync(cancellationToken);
        }
        finally
        {
            ReleaseGate();
        }
    }

    public async Task<object?> InvokeAsync(OperationDescription operation, object?[] args)
    {
        var started = Stopwatch.GetTimestamp();
        var timeout = _binding.SendTimeout;
        if (!_gate.Wait(0) && !await _gate.WaitAsync(timeout))
        {
            throw new TimeoutException(RequestTimedOut(timeout));
        }

        try
        {
            ThrowIfNotUsable();
            if (_state == CommunicationState.Created)
            {
                await OpenCoreAsync(CancellationToken.None);
            }

            var remaining = timeout - Stopwatch.GetElapsedTime(started);
            if (remaining <= TimeSpan.Zero)
            {
                throw new TimeoutException(RequestTimedOut(timeout));
            }

            return await RequestAsync(operation, args, StartTimer(remaining), timeout);
        }
        finally
        {
            ReleaseGate();
        }
    }

    public async Task CloseAsync(CancellationToken cancellationToken)
    {
        lock (_stateLock)
        {
            switch (_state)
            {
                case CommunicationState.Created:
                    _state = CommunicationState.Closed;
                    return;
                case CommunicationState.Closed or CommunicationState.Closing:
                    return;
                case CommunicationState.Faulted:
                    throw FaultedException();
            }
        }

        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(_binding.CloseTimeout);
        try
        {
            await _gate.WaitAsync(timeout.Token);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            Abort();
            throw new TimeoutException(CloseTimedOut());
        }

        try
        {
            lock (_stateLock)
            {
                if (_state != CommunicationState.Opened)
                {
                    return;
                }

                _state = CommunicationState.Closing;
            }

            FrameWriter.WriteRecord(_output!, FramingRecordType.End);
            await _output!.FlushAsync(timeout.Token);
            var type = await _frames!.ReadRecordTypeAsync(stopOnCancelledRead: false, timeout.Token);
            if (type != (int)FramingRecordType.End)
            {
                throw new ProtocolException(type == FrameReader.EndOfStream
                    ? "The service closed the connection without answering the End record."
                    : $"The service answered the End record with framing record 0x{type:X2}.");
            }

            lock (_stateLock)
            {
                _state = CommunicationState.Closed;
            }
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            AbortCore();
            throw new TimeoutException(CloseTimedOut());
        }
        catch (Exception ex) when (ex is IOException or SocketException or ObjectDisposedException)
        {
            AbortCore();
            throw new CommunicationException($"The connection to '{RemoteAddress}' failed while closing the session: {ex.Message}", ex);
        }
        catch
        {
            AbortCore();
            throw;
        }
        finally
        {
            ReleaseGate();
        }
    }

    /// <summary>Drops the connection; a call in progress fails with a CommunicationException.</summary>
    public void Abort()
    {
        lock (_stateLock)
        {
            if (_state == CommunicationState.Closed)
            {
                return;
            }

            _state = CommunicationState.Closed;
        }

        // Disposing the socket is safe from any thread and fails pending I/O; the gate holder releases the rest.
        _socket?.Dispose();
        if (_gate.Wait(0))
        {
            ReleaseGate();
        }
    }

    private static async Task<T> InvokeTypedAsync<T>(ClientChannel channel, OperationDescription operation, object?[] args) =>
        (T)(await channel.InvokeAsync(operation, args))!;

    private static string RequestTimedOut(TimeSpan timeout) =>
        $"The request channel timed out while waiting for a reply after {timeout}. Increase the timeout value passed to the call to Request " +
        "or increase the SendTimeout value on the Binding. The time allotted to this operation may have been a portion of a longer timeout.";

    private static IEnumerable<IPAddress> PreferIPv4(IPAddress[] addresses) =>
        addresses.Where(a => a.AddressFamily == AddressFamily.InterNetwork).Concat(addresses.Where(a => a.AddressFamily != AddressFamily.InterNetwork));

    private string CloseTimedOut() =>
        $"The close operation on the channel to '{RemoteAddress}' did not complete within the allotted timeout of {_binding.CloseTimeout}.";

    private async Task<object?> RequestAsync(OperationDescription operation, object?[] args, CancellationToken token, TimeSpan timeout)
    {
        var messageId = new UniqueId();

        // Serialization errors surface here, before anything is sent, and leave the channel usable.
        EnvelopeWriter.WriteRequest(_codec!.StartMessage(), operation, messageId, _to, args);
        var payloadSize = _codec.CompleteMessage();

        byte[] buffer;
        int size;
        try
        {
            await _codec.WriteEnvelopeAsync(_output!, payloadSize, token);
            (buffer, size) = await ReceiveEnvelopeAsync(token);
        }
        catch (OperationCanceledException) when (_timer.IsCancellationRequested)
        {
            Fault();
            throw new TimeoutException(RequestTimedOut(timeout));
        }
        catch (CommunicationException)
        {
            Fault();
            throw;
        }
        catch (Exception ex) when (ex is IOException or SocketException or ObjectDisposedException or InvalidOperationException)
        {
            var aborted = _state == CommunicationState.Closed;
            Fault();
            throw new CommunicationException(
                aborted
                    ? $"The channel to '{RemoteAddress}' was aborted while a call to '{operation.Name}' was in progress."
                    : $"The socket connection to '{RemoteAddress}' was aborted during a call to '{operation.Name}': {ex.Message}",
                ex);
        }

        try
        {
            return DecodeReply(operation, messageId, buffer, size);
        }
        catch (Exception ex) when (ex is ProtocolException or QuotaExceededException)
        {
            Fault();
            throw;
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private async Task<(byte[] Buffer, int Size)> ReceiveEnvelopeAsync(CancellationToken token)
    {
        var type = await _frames!.ReadRecordTypeAsync(stopOnCancelledRead: false, token);
        switch (type)
        {
            case (int)FramingRecordType.SizedEnvelope:
                var size = await _frames.ReadSizeAsync(token);
                if (size > _binding.MaxReceivedMessageSize)
                {
                    throw new QuotaExceededException(
                        $"The maximum message size quota for incoming messages ({_binding.MaxReceivedMessageSize}) has been exceeded " +
                        $"by a {size}-byte reply. To increase the quota, use the MaxReceivedMessageSize property on the appropriate binding element.");
                }

                var buffer = ArrayPool<byte>.Shared.Rent(size);
                try
                {
                    await _frames.ReadExactlyAsync(buffer.AsMemory(0, size), token);
                }
                catch
                {
                    ArrayPool<byte>.Shared.Return(buffer);
                    throw;
                }

                return (buffer, size);
            case (int)FramingRecordType.Fault:
                var fault = await _frames.ReadUtf8Async(FramingConstants.MaxFaultSize, token);
                throw FramingFaults.ToException(fault ?? "(an over-long fault)", RemoteAddress);
            case (int)FramingRecordType.End:
                throw new CommunicationException(
                    $"The service at '{RemoteAddress}' ended the session (End record) instead of replying; it is shutting down or closed the session.");
            case FrameReader.EndOfStream:
                throw new CommunicationException(
                    $"The socket connection to '{RemoteAddress}' was closed by the service while waiting for a reply. An unhandled exception in an " +
                    "earlier call (which ends a WCF session), the service shutting down or a network problem can cause this.");
            default:
                throw new ProtocolException($"Unexpected framing record 0x{type:X2} where a reply was expected.");
        }
    }

    private object? DecodeReply(OperationDescription operation, UniqueId messageId, byte[] buffer, int size)
    {
        XmlDictionaryReader reader;
        EnvelopeHeaders headers;
        try
        {
            reader = _codec!.OpenMessage(buffer, size);
            headers = EnvelopeReader.ReadToBody(reader);
        }
        catch (Exception ex) when (ex is XmlException or InvalidDataException)
        {
            throw new ProtocolException($"The reply from '{RemoteAddress}' is not a well-formed binary SOAP envelope: {ex.Message}", ex);
        }

        if (headers.RelatesTo != messageId)
        {
            throw new ProtocolException($"The reply relates to message '{headers.RelatesTo}', not to the request '{messageId}'.");
        }

        if (EnvelopeReader.IsFault(reader))
        {
            FaultException fault;
            try
            {
                fault = EnvelopeReader.ReadFault(reader, headers.Action);
            }
            catch (XmlException ex)
            {
                throw new ProtocolException($"The fault reply from '{RemoteAddress}' is malformed: {ex.Message}", ex);
            }

            throw fault;
        }

        try
        {
            return operation.ReadReplyBody(reader);
        }
        catch (Exception ex) when (ex is SerializationException or InvalidDataContractException or XmlException or InvalidCastException)
        {
            throw new CommunicationException($"Error in deserializing body of reply message for operation '{operation.Name}'. {ex.Message}", ex);
        }
    }

    private async Task OpenCoreAsync(CancellationToken cancellationToken)
    {
        lock (_stateLock)
        {
            if (_state != CommunicationState.Created)
            {
                throw new InvalidOperationException($"The channel to '{RemoteAddress}' is {_state}; only a Created channel can be opened.");
            }

            _state = CommunicationState.Opening;
        }

        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(_binding.OpenTimeout);
        try
        {
            _socket = await ConnectAsync(timeout.Token);
            _stream = new CountingStream(new NetworkStream(_socket, ownsSocket: true));
            _input = PipeReader.Create(_stream, new StreamPipeReaderOptions(bufferSize: 64 * 1024, minimumReadSize: 4096, leaveOpen: true));
            _output = PipeWriter.Create(_stream, new StreamPipeWriterOptions(minimumBufferSize: 16 * 1024, leaveOpen: true));
            _frames = new FrameReader(_input);
            FrameWriter.WriteDuplexPreamble(_output, RemoteAddress.AbsoluteUri);
            await _output.FlushAsync(timeout.Token);
            var type = await _frames.ReadRecordTypeAsync(stopOnCancelledRead: false, timeout.Token);
            switch (type)
            {
                case (int)FramingRecordType.PreambleAck:
                    break;
                case (int)FramingRecordType.Fault:
                    var fault = await _frames.ReadUtf8Async(FramingConstants.MaxFaultSize, timeout.Token);
                    throw FramingFaults.ToException(fault ?? "(an over-long fault)", RemoteAddress);
                case FrameReader.EndOfStream:
                    throw new CommunicationException($"The service at '{RemoteAddress}' closed the connection during the preamble handshake.");
                default:
                    throw new ProtocolException($"The service at '{RemoteAddress}' answered the preamble with framing record 0x{type:X2} instead of a Preamble Ack.");
            }

            _codec = new BinarySessionCodec(_binding.ReaderQuotas);
            lock (_stateLock)
            {
                if (_state != CommunicationState.Opening)
                {
                    throw new CommunicationException($"The channel to '{RemoteAddress}' was aborted while opening.");
                }

                _state = CommunicationState.Opened;
            }
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            Fault();
            throw new TimeoutException(
                $"The open operation did not complete within the allotted timeout of {_binding.OpenTimeout}. The time allotted to this operation may have been a portion of a longer timeout.");
        }
        catch (SocketException ex)
        {
            Fault();
            throw new CommunicationException($"Could not connect to {RemoteAddress}. TCP error code {(int)ex.SocketErrorCode} ({ex.SocketErrorCode}): {ex.Message}", ex);
        }
        catch (Exception ex) when (ex is IOException or ObjectDisposedException)
        {
            Fault();
            throw new CommunicationException($"The connection to '{RemoteAddress}' failed during the preamble handshake: {ex.Message}", ex);
        }
        catch
        {
            Fault();
            throw;
        }
    }

    // Connects to the literal address when there is one; a host name tries IPv4 addresses first, so "localhost" does not
    // stall on ::1 when the service listens on 127.0.0.1 only.
    private async Task<Socket> ConnectAsync(CancellationToken cancellationToken)
    {
        var port = RemoteAddress.Port < 0 ? DefaultNetTcpPort : RemoteAddress.Port;
        var addresses = IPAddress.TryParse(RemoteAddress.DnsSafeHost, out var literal)
            ? [literal]
            : PreferIPv4(await Dns.GetHostAddressesAsync(RemoteAddress.DnsSafeHost, cancellationToken)).ToArray();
        SocketException? last = null;
        foreach (var address in addresses)
        {
            var socket = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
            try
            {
                await socket.ConnectAsync(new IPEndPoint(address, port), cancellationToken);
                return socket;
            }
            catch (SocketException ex)
            {
                socket.Dispose();
                last = ex;
            }
            catch
            {
                socket.Dispose();
                throw;
            }
        }

        throw last ?? new SocketException((int)SocketError.HostNotFound);
    }

    private void ThrowIfNotUsable()
    {
        switch (_state)
        {
            case CommunicationState.Faulted:
                throw FaultedException();
            case CommunicationState.Closing or CommunicationState.Closed:
                throw new ObjectDisposedException(
                    nameof(INetTcpClientChannel), $"The channel to '{RemoteAddress}' is {_state} and cannot be used for communication; create a new channel.");
        }
    }

    private CommunicationObjectFaultedException FaultedException() =>
        new($"The channel to '{RemoteAddress}' cannot be used for communication because it is in the Faulted state; Abort it and create a new one.");

    private CancellationToken StartTimer(TimeSpan timeout)
    {
        if (!_timer.TryReset())
        {
            _timer.Dispose();
            _timer = new CancellationTokenSource();
        }

        _timer.CancelAfter(timeout);
        return _timer.Token;
    }

    private void Fault()
    {
        bool raise;
        lock (_stateLock)
        {
            raise = _state is not (CommunicationState.Closed or CommunicationState.Faulted);
            if (raise)
            {
                _state = CommunicationState.Faulted;
            }
        }

        AbortCore();
        if (raise)
        {
            Faulted?.Invoke(Owner, EventArgs.Empty);
        }
    }

    private void AbortCore()
    {
        lock (_stateLock)
        {
            if (_state is not CommunicationState.Faulted)
            {
                _state = CommunicationState.Closed;
            }
        }

        _socket?.Dispose();
    }

    // The gate holder owns the pipes and the codec; once the channel is finished it releases them here.
    private void ReleaseGate()
    {
        if (_state is CommunicationState.Closed or CommunicationState.Faulted && _stream is not null)
        {
            _bytesSent += _stream.BytesWritten;
            _bytesReceived += _stream.BytesRead;
            _input?.Complete();
            _output?.Complete();
            _stream.Dispose();
            _codec?.Dispose();
            _timer.Dispose();
            _stream = null;
            _input = null;
            _output = null;
            _codec = null;
        }

        _gate.Release();
    }
}
