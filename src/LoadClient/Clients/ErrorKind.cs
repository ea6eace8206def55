namespace RpcCompare.LoadClient.Clients;

/// <summary>Why a call failed, as summary.json's errorsByKind counts it.</summary>
public enum ErrorKind
{
    /// <summary>"timeout": the call or the connection timed out.</summary>
    Timeout,

    /// <summary>"refused": the connection was refused.</summary>
    Refused,

    /// <summary>"protocol": malformed or unexpected bytes on the wire, a broken framing or stream.</summary>
    Protocol,

    /// <summary>"server": the server reported an internal failure.</summary>
    Server,

    /// <summary>"not-found": the server reported that the requested item does not exist.</summary>
    NotFound,

    /// <summary>"invalid-argument": the server rejected the request's arguments.</summary>
    InvalidArgument,

    /// <summary>"cancelled": the call was cancelled.</summary>
    Cancelled,

    /// <summary>"writes-disabled": a write to a host started read-only.</summary>
    WritesDisabled,

    /// <summary>"db-pool": the host's database connection pool stayed exhausted for its wait timeout.</summary>
    DbPool,

    /// <summary>"db-timeout": the host's database did not answer in time.</summary>
    DbTimeout,

    /// <summary>"over-limit": a message was larger than a limit of the host or the client.</summary>
    OverLimit,

    /// <summary>"other": anything else.</summary>
    Other,
}
