using System.ComponentModel;
using System.Runtime.Serialization;

namespace RpcCompare.Contracts;

/// <summary>
/// The wide row of the bulk-transfer scenario: 60 attributes (20 strings of varied length, integers, doubles, booleans,
/// timestamps), like the records the studied system shipped in bulk.
/// </summary>
[DataContract(Namespace = GraphContract.DataNamespace)]
public sealed record WideRecord
{
    [DataMember(Order = 1)] public long Id { get; set; }

    [DataMember(Order = 2), DefaultValue("")] public string Code { get; set; } = "";
    [DataMember(Order = 3), DefaultValue("")] public string Title { get; set; } = "";
    [DataMember(Order = 4), DefaultValue("")] public string Description { get; set; } = "";
    [DataMember(Order = 5), DefaultValue("")] public string Category { get; set; } = "";
    [DataMember(Order = 6), DefaultValue("")] public string Subcategory { get; set; } = "";
    [DataMember(Order = 7), DefaultValue("")] public string Status { get; set; } = "";
    [DataMember(Order = 8), DefaultValue("")] public string Owner { get; set; } = "";
    [DataMember(Order = 9), DefaultValue("")] public string Email { get; set; } = "";
    [DataMember(Order = 10), DefaultValue("")] public string Phone { get; set; } = "";
    [DataMember(Order = 11), DefaultValue("")] public string AddressLine1 { get; set; } = "";
    [DataMember(Order = 12), DefaultValue("")] public string AddressLine2 { get; set; } = "";
    [DataMember(Order = 13), DefaultValue("")] public string City { get; set; } = "";
    [DataMember(Order = 14), DefaultValue("")] public string Region { get; set; } = "";
    [DataMember(Order = 15), DefaultValue("")] public string PostalCode { get; set; } = "";
    [DataMember(Order = 16), DefaultValue("")] public string Country { get; set; } = "";
    [DataMember(Order = 17), DefaultValue("")] public string Currency { get; set; } = "";
    [DataMember(Order = 18), DefaultValue("")] public string Tags { get; set; } = "";
    [DataMember(Order = 19), DefaultValue("")] public string Notes { get; set; } = "";
    [DataMember(Order = 20), DefaultValue("")] public string ExternalRef { get; set; } = "";
    [DataMember(Order = 21), DefaultValue("")] public string Checksum { get; set; } = "";

    [DataMember(Order = 22)] public int Quantity { get; set; }
    [DataMember(Order = 23)] public int Priority { get; set; }
    [DataMember(Order = 24)] public int Revision { get; set; }
    [DataMember(Order = 25)] public int Rank { get; set; }
    [DataMember(Order = 26)] public int Score { get; set; }
    [DataMember(Order = 27)] public int Flags { get; set; }
    [DataMember(Order = 28)] public int Year { get; set; }
    [DataMember(Order = 29)] public int Month { get; set; }
    [DataMember(Order = 30)] public int Day { get; set; }
    [DataMember(Order = 31)] public int Bucket { get; set; }

    [DataMember(Order = 32)] public long ParentId { get; set; }
    [DataMember(Order = 33)] public long GroupId { get; set; }
    [DataMember(Order = 34)] public long Version { get; set; }
    [DataMember(Order = 35)] public long Sequence { get; set; }

    [DataMember(Order = 36)] public double Price { get; set; }
    [DataMember(Order = 37)] public double Cost { get; set; }
    [DataMember(Order = 38)] public double Weight { get; set; }
    [DataMember(Order = 39)] public double Width { get; set; }
    [DataMember(Order = 40)] public double Height { get; set; }
    [DataMember(Order = 41)] public double Depth { get; set; }
    [DataMember(Order = 42)] public double Latitude { get; set; }
    [DataMember(Order = 43)] public double Longitude { get; set; }
    [DataMember(Order = 44)] public double Ratio { get; set; }
    [DataMember(Order = 45)] public double Confidence { get; set; }

    [DataMember(Order = 46)] public bool IsActive { get; set; }
    [DataMember(Order = 47)] public bool IsArchived { get; set; }
    [DataMember(Order = 48)] public bool IsPublic { get; set; }
    [DataMember(Order = 49)] public bool IsVerified { get; set; }
    [DataMember(Order = 50)] public bool IsDeleted { get; set; }
    [DataMember(Order = 51)] public bool HasAttachments { get; set; }
    [DataMember(Order = 52)] public bool IsFlagged { get; set; }
    [DataMember(Order = 53)] public bool IsLocked { get; set; }

    [DataMember(Order = 54)] public DateTime CreatedAt { get; set; }
    [DataMember(Order = 55)] public DateTime UpdatedAt { get; set; }
    [DataMember(Order = 56)] public DateTime PublishedAt { get; set; }
    [DataMember(Order = 57)] public DateTime ExpiresAt { get; set; }
    [DataMember(Order = 58)] public DateTime ReviewedAt { get; set; }
    [DataMember(Order = 59)] public DateTime SyncedAt { get; set; }
    [DataMember(Order = 60)] public DateTime ValidFrom { get; set; }
}
