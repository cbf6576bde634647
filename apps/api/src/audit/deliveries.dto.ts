import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsInt, IsString, Length, Min, ValidateNested } from 'class-validator';

export class DeliveryDto {
  @ApiProperty({ example: 'public', description: 'who received it: public, broadcast (where the match has one), a player id, or judge' })
  @IsString()
  @Length(1, 128)
  audience!: string;

  @ApiProperty({ example: 12, description: 'the revision of the match it was sent at' })
  @IsInt()
  @Min(0)
  revision!: number;

  @ApiProperty({ description: 'what was sent: any JSON (an overlay frame, a captured message, a replay file)', example: { hand: ['Ariel - On Human Legs'] } })
  @IsDefined()
  payload!: unknown;
}

export class DeliveriesDto {
  @ApiProperty({ type: [DeliveryDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10000)
  @ValidateNested({ each: true })
  @Type(() => DeliveryDto)
  deliveries!: DeliveryDto[];
}
